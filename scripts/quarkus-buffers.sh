#!/usr/bin/env bash
# Quarkus's output buffer and streaming (seed 000 §5.1: Rocker at 512 B vs 8 KB): one engine's verdicts and
# throughput at 512 B (the seed paper's setting) and 8191 B (Quarkus's default), each with and without the per-item
# flush. The buffer size is fixed when Quarkus builds the application, so the build makes two: target/quarkus-app
# (512 B) and target/quarkus-app-8k. Each of the four configurations is started here (scripts/lib.sh), measured by
# `./pssr run --target` (verification, then load) into its own run folder OUT/buffer-<B>-flush-<on|off>, and stopped
# by its PID, on every exit path. Prints, and writes to OUT/buffers.md, one table: buffer, flush, route, verdict,
# chunks, req/s per level (results.csv's throughput_rps, read by its header name: docs/RESULTS.md).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
PSSR_SCRIPT=quarkus-buffers
. "$ROOT/scripts/lib.sh"

usage() {
  cat <<'EOF'
Usage: scripts/quarkus-buffers.sh [--engine NAME] [--users LIST] [--duration D] [--warmup D] [--route-warmup D]
                                  [--repeat N] [--out DIR]
Quarkus at 512 B and 8191 B output buffer, flush per item on and off: verdicts and req/s of one engine's routes.
  --engine NAME       engine to measure (env ENGINE; default rocker, seed 000 §5.1's)
  --users LIST        user levels, e.g. 1,32,128 (env USERS; default 1,32)
  --duration D        measured window per level, e.g. 2s (env DURATION; default 2s)
  --warmup D          warm-up window per level (env WARMUP; default 1s)
  --route-warmup D    warm-up per route before its first level (env ROUTE_WARMUP; default 1s)
  --repeat N          repetitions (env REPEAT; default 1)
  --out DIR           where the four run folders and buffers.md go (env OUT; default results/quarkus-buffers-<time>)
  --start-timeout S   how long a server may take to write its port (default 120)
  -h, --help          this help
EOF
}

ENGINE="${ENGINE:-rocker}"; USERS="${USERS:-1,32}"; DURATION="${DURATION:-2s}"; WARMUP="${WARMUP:-1s}"
ROUTE_WARMUP="${ROUTE_WARMUP:-1s}"; REPEAT="${REPEAT:-1}"; OUT="${OUT:-}"; START_TIMEOUT=120
while [ $# -gt 0 ]; do
  case "$1" in
    -h|--help) usage; exit 0 ;;
    --engine|--users|--duration|--warmup|--route-warmup|--repeat|--out|--start-timeout)
      pssr_need_value "$@"
      case "$1" in
        --engine) ENGINE=$2 ;; --users) USERS=$2 ;; --duration) DURATION=$2 ;; --warmup) WARMUP=$2 ;;
        --route-warmup) ROUTE_WARMUP=$2 ;; --repeat) REPEAT=$2 ;; --out) OUT=$2 ;; --start-timeout) START_TIMEOUT=$2 ;;
      esac
      shift 2 ;;
    *) pssr_usage_error "unknown option or argument '$1'" ;;
  esac
done
[[ "$ENGINE" =~ ^[a-z0-9-]+$ ]] || pssr_usage_error "--engine must be an engine name (./pssr list), was '$ENGINE'"
pssr_need_ints --users "$USERS"
pssr_need_int --repeat "$REPEAT"
pssr_need_int --start-timeout "$START_TIMEOUT"
# the windows are checked by ./pssr run itself (one parser: 3, 3s, 2m)
OUT="${OUT:-results/quarkus-buffers-$(date +%Y%m%d-%H%M%S)}"

. "$ROOT/scripts/find-jdk.sh"
cd "$ROOT"
[ -e "$OUT" ] && pssr_usage_error "$OUT already exists; give a new directory"
./pssr list >/dev/null   # builds if needed
APPS=(servers/quarkus/target/quarkus-app servers/quarkus/target/quarkus-app-8k)
for app in "${APPS[@]}"; do
  [ -f "$app/quarkus-run.jar" ] && continue
  echo "$PSSR_SCRIPT: $app/quarkus-run.jar is missing; build it: ./mvnw install -pl servers/quarkus -am -DskipTests" >&2
  exit 1
done
mkdir -p "$OUT"
pssr_traps

configs=()
for app in "${APPS[@]}"; do
  bytes=512; [[ "$app" == *-8k ]] && bytes=8191
  for flush in true false; do
    name="buffer-$bytes-flush-$([ "$flush" = true ] && echo on || echo off)"
    port_file="$OUT/$name.port"
    pssr_start "quarkus $name" "$port_file" "$OUT/$name.server.log" \
      -Dquarkus.http.host=127.0.0.1 -Dquarkus.http.port=0 -Dpssr.flush-per-item="$flush" -jar "$app/quarkus-run.jar"
    pid=$PSSR_PID
    pssr_wait_port "$pid" "$port_file" "$START_TIMEOUT" "$OUT/$name.server.log" || exit 1
    echo "== $name: quarkus on port $PSSR_PORT (pid $pid), engine $ENGINE, users $USERS"
    if ! ./pssr run --target "http://127.0.0.1:$PSSR_PORT" --engines "$ENGINE" --users "$USERS" --repeat "$REPEAT" \
        --route-warmup "$ROUTE_WARMUP" --warmup "$WARMUP" --duration "$DURATION" --out "$OUT/$name" >"$OUT/$name.log" 2>&1; then
      echo "$PSSR_SCRIPT: ./pssr run failed for $name; last lines of $OUT/$name.log:" >&2
      tail -n 5 "$OUT/$name.log" >&2
      exit 1
    fi
    pssr_stop "$pid"
    configs+=("$bytes $flush $name")
  done
done

# One table from the four run folders' verification.csv and results.csv, every column found by its header name
# (docs/RESULTS.md); req/s is throughput_rps, the mean over repetitions per level.
{
  echo "| buffer B | flush per item | route | verdict | chunks | req/s at users $USERS |"
  echo "| ---: | --- | --- | --- | ---: | --- |"
  for c in "${configs[@]}"; do
    read -r bytes flush name <<<"$c"
    python3 - "$bytes" "$flush" "$OUT/$name/verification.csv" "$OUT/$name/results.csv" <<'EOF'
import csv, sys
from collections import defaultdict
bytes_, flush, verification, results = sys.argv[1:5]
def key(r): return f"{r['model']}/{r['engine']}/{r['approach']}"
with open(verification, newline="") as f: checks = list(csv.DictReader(f))
rps = defaultdict(lambda: defaultdict(list))
with open(results, newline="") as f:
    for r in csv.DictReader(f): rps[key(r)][int(r["users"])].append(float(r["throughput_rps"]))
for c in checks:
    levels = rps.get(key(c), {})
    figures = " / ".join(f"{sum(v) / len(v):.0f}" for _, v in sorted(levels.items())) or "not measured"
    print(f"| {bytes_} | {flush} | {key(c)} | {c['verdict']} | {c['chunks']} | {figures} |")
EOF
  done
} | tee "$OUT/buffers.md"
echo "$PSSR_SCRIPT: run folders and buffers.md in $OUT"
