#!/usr/bin/env bash
# Lints .github/workflows with actionlint (github.com/rhysd/actionlint, pinned below, built with `go install` into
# .ci/bin), and checks the check: a copy of pssr-matrix.yml with a job that needs a job that does not exist must
# fail it. Run by ./pssr test (after scripts/install-test-deps.sh installed actionlint); a missing Go or a failed install
# fails it.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
PSSR_SCRIPT=check-workflows
. "$ROOT/scripts/lib.sh"
case "${1:-}" in
  -h|--help) echo "Usage: scripts/check-workflows.sh   (no options) lint .github/workflows with actionlint; a broken copy must fail"
    exit 0 ;;
  "") ;;
  *) pssr_usage_error "takes no options or arguments, was '$1'" ;;
esac
# one pin: the version scripts/install-test-deps.sh installs
ACTIONLINT_VERSION=$(awk '$1 == "actionlint" { sub(/.*@/, "", $2); print $2 }' "$ROOT/scripts/test-programs.txt")
BIN="$ROOT/.ci/bin"
if [ ! -x "$BIN/actionlint" ] || ! "$BIN/actionlint" -version | grep -q "${ACTIONLINT_VERSION#v}"; then
  command -v go >/dev/null 2>&1 || { echo "check-workflows: Go is needed to install actionlint (go install); install Go 1.22 or newer" >&2; exit 1; }
  echo "check-workflows: go install github.com/rhysd/actionlint/cmd/actionlint@$ACTIONLINT_VERSION"
  GOBIN="$BIN" go install "github.com/rhysd/actionlint/cmd/actionlint@$ACTIONLINT_VERSION"
fi
"$BIN/actionlint" -no-color "$ROOT"/.github/workflows/*.yml
broken="$(mktemp -d)"; trap 'rm -rf "$broken"' EXIT
mkdir -p "$broken/.github/workflows"
sed 's/^    needs: shard$/    needs: no-such-job/' "$ROOT/.github/workflows/pssr-matrix.yml" >"$broken/.github/workflows/broken.yml"
grep -q 'needs: no-such-job' "$broken/.github/workflows/broken.yml" || { echo "check-workflows: could not break the copy" >&2; exit 1; }
if (cd "$broken" && "$BIN/actionlint" -no-color .github/workflows/broken.yml >/dev/null 2>&1); then
  echo "check-workflows: actionlint passed a broken workflow (a job needing a job that does not exist)" >&2; exit 1
fi
echo "check-workflows: actionlint $ACTIONLINT_VERSION passes .github/workflows and fails a broken copy"
