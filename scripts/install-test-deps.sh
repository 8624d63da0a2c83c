#!/usr/bin/env bash
# Installs what the test suite runs, as listed in scripts/test-programs.txt (apt packages, Lighthouse with npm ci and
# its lock file, actionlint with go install), one line on stderr for each thing it installs. Run by `./pssr test`.
# Quick when nothing is missing (only checks). What it cannot install: one line naming it and how to install it, exit 2.
# PSSR_TEST_PROGRAMS=FILE reads another list (the suite's own check of this script uses it).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
PSSR_SCRIPT=install-test-deps
. "$ROOT/scripts/lib.sh"
case "${1:-}" in
  -h|--help) echo "Usage: scripts/install-test-deps.sh   (no options) install the programs in scripts/test-programs.txt that are missing"
    exit 0 ;;
  "") ;;
  *) pssr_usage_error "takes no options or arguments, was '$1'" ;;
esac
LIST="${PSSR_TEST_PROGRAMS:-$ROOT/scripts/test-programs.txt}"
[ -r "$LIST" ] || { echo "$PSSR_SCRIPT: cannot read the list $LIST" >&2; exit 2; }
[ -n "${JAVA_HOME:-}" ] || . "$ROOT/scripts/find-jdk.sh"
started=$(date +%s%N)

names=(); sources=(); wheres=()
while read -r name source where _; do
  case "$name" in ''|'#'*) continue ;; esac
  names+=("$name"); sources+=("$source"); wheres+=("${where:-}")
done <"$LIST"

# present I: is entry I there, and (Lighthouse, actionlint) the pinned version?
present() {
  local name=${names[$1]} source=${sources[$1]} where=${wheres[$1]}
  case "$source" in
    jdk) [ -x "$JAVA_HOME/bin/$name" ]; return ;;
    npm-ci:*) [ -x "$ROOT/$where" ] && command -v node >/dev/null 2>&1 \
      && node "$ROOT/${source#npm-ci:}/check-pins.mjs" "$ROOT/${source#npm-ci:}" >/dev/null 2>&1; return ;;
    go:*) [ -x "$ROOT/$where" ] && "$ROOT/$where" -version 2>/dev/null | grep -qF "${source##*@v}"; return ;;
  esac
  case "$where" in
    font) [ -n "$(fc-list 2>/dev/null | head -n1)" ] ;;
    */*) [ -x "$ROOT/$where" ] ;;
    "") command -v "$name" >/dev/null 2>&1 ;;
    *) echo "$PSSR_SCRIPT: $LIST: '$where' for $name is neither a path nor 'font'" >&2; exit 2 ;;
  esac
}

SUDO=""
if [ "$(id -u)" -ne 0 ]; then command -v sudo >/dev/null 2>&1 && SUDO="sudo -n"; fi
# other checkouts on this machine may be installing too: wait for dpkg's lock rather than fail on it
APT=(env DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 -y -qq)
failed=(); installed=(); updated=""; declare -A apt_why=()
apt_install() { # apt_install PACKAGE...: 0 when apt-get installed them all; else apt's first error in apt_why[PACKAGE]
  local log rc=0
  if [ "$(id -u)" -ne 0 ] && [ -z "$SUDO" ]; then apt_why[$1]="not root, and no sudo"; return 1; fi
  if [ -z "$updated" ]; then $SUDO "${APT[@]}" update >/dev/null 2>&1 || true; updated=1; fi
  log=$(mktemp)
  $SUDO "${APT[@]}" install "$@" >"$log" 2>&1 || rc=$?
  [ $rc -eq 0 ] || apt_why[$1]=$(grep -m1 '^E:' "$log" || tail -n1 "$log" || true)
  rm -f "$log"
  return $rc
}

# 1. apt packages, one apt-get for all; when it fails, one each, to name the ones that cannot be installed
pkgs=()
for i in "${!names[@]}"; do
  [[ "${sources[$i]}" == apt:* ]] && ! present "$i" || continue
  p=${sources[$i]#apt:}
  [[ " ${pkgs[*]} " == *" $p "* ]] || pkgs+=("$p")
  echo "$PSSR_SCRIPT: installing ${names[$i]}: ${SUDO:+$SUDO }apt-get install $p" >&2
  installed+=("${names[$i]}")
done
if [ ${#pkgs[@]} -gt 0 ] && ! apt_install "${pkgs[@]}"; then
  for p in "${pkgs[@]}"; do apt_install "$p" || true; done
fi

# 2. npm ci (Lighthouse, pinned by the lock file and package.json's overrides; never downloads a browser)
for i in "${!names[@]}"; do
  [[ "${sources[$i]}" == npm-ci:* ]] && ! present "$i" || continue
  dir=${sources[$i]#npm-ci:}
  echo "$PSSR_SCRIPT: installing ${names[$i]}: npm ci in $dir/ (pinned by $dir/package-lock.json)" >&2
  installed+=("${names[$i]}")
  log=$(mktemp)
  if ! (cd "$ROOT/$dir" && npm ci --no-audit --no-fund) >"$log" 2>&1; then
    why=$(grep -m1 -E '^npm (error|ERR!) (Missing|Invalid)' "$log" || grep -m1 -E '^npm (error|ERR!)' "$log" || tail -n1 "$log" || true)
    failed+=("${names[$i]} (npm ci in $dir/ failed: ${why:-no output}; run: cd $dir && npm ci)")
  fi
  rm -f "$log"
done

# 3. go install (actionlint for scripts/check-workflows.sh, into the folder the list names)
for i in "${!names[@]}"; do
  [[ "${sources[$i]}" == go:* ]] && ! present "$i" || continue
  mod=${sources[$i]#go:}
  echo "$PSSR_SCRIPT: installing ${names[$i]}: go install $mod into $(dirname "${wheres[$i]}")/" >&2
  installed+=("${names[$i]}")
  if ! command -v go >/dev/null 2>&1; then
    failed+=("${names[$i]} (needs Go 1.22 or newer for go install $mod; install Go from go.dev/dl)"); continue
  fi
  why=$(GOBIN="$ROOT/$(dirname "${wheres[$i]}")" go install "$mod" 2>&1 | tail -n1) \
    || failed+=("${names[$i]} (go install $mod failed: $why)")
done

# Whatever is still missing, with how to install it by hand
for i in "${!names[@]}"; do
  present "$i" && continue
  name=${names[$i]}; source=${sources[$i]}
  [[ " ${failed[*]} " == *" $name ("* ]] && continue
  case "$source" in
    apt:*) p=${source#apt:}; why="gave no $name"; [ -z "${apt_why[$p]:-}" ] || why="failed: ${apt_why[$p]}"
      failed+=("$name (apt-get install $p $why; run: sudo apt-get update && sudo apt-get install $p)") ;;
    jdk) failed+=("$name (not in the JDK at $JAVA_HOME; install a full JDK 21 or newer, or set JAVA_HOME to one)") ;;
    *) failed+=("$name ($source: unknown source in $LIST)") ;;
  esac
done
if [ ${#failed[@]} -gt 0 ]; then
  msg=$(printf '%s; ' "${failed[@]}")
  echo "$PSSR_SCRIPT: could not install ${msg%; }" >&2
  exit 2
fi
ms=$(( ($(date +%s%N) - started) / 1000000 ))
echo "$PSSR_SCRIPT: the ${#names[@]} programs of $(basename "$LIST") are there${installed:+ (installed: ${installed[*]})}; $ms ms" >&2
