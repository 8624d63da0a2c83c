#!/usr/bin/env bash
# Acceptance of `./pssr load` on pssr's own servers started from their jars (no /routes used): WebFlux's streaming
# route and MVC's buffered one (no flush) at ITEM_DELAY ms per item, the verdicts unloaded and under load; then, per
# route, `./pssr load` against plain `wrk -t1 -cN` on the same server JVM at 1 ms per item, ROUNDS rounds with the
# order swapped each round, the ratio of the summed throughputs (acceptance: 0.90-1.10) and both CPU per request
# figures; and MVC's flushing route against the same route without a flush (A B, 3 repetitions): the first-content
# p99 difference, and whether Welch + Holm mark it. Run it on an otherwise quiet machine.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
PSSR_SCRIPT=load-check
. "$ROOT/scripts/lib.sh"

usage() {
  cat <<'EOF2'
Usage: scripts/load-check.sh [--users N] [--rounds N] [--item-delay MS] [--only verdicts|flush|throughput|none]
`./pssr load` on WebFlux and MVC started from their jars: verdicts, the flush comparison, and throughput against plain wrk.
  --users N          users of the loaded levels (default 64)
  --rounds N         rounds of pssr load vs plain wrk per page, the order swapped each round (default 2)
  --item-delay MS    milliseconds per item for the verdicts and the flush comparison (default 20)
  --only PART        run one part: verdicts, flush, throughput, or none (start and stop the servers only); env ONLY
  --start-timeout S  how long a server may take to write its port (default 120)
  -h, --help         this help
EOF2
}
USERS=64; ROUNDS=2; DELAY=20; ONLY="${ONLY:-}"; START_TIMEOUT=120
while [ $# -gt 0 ]; do
  case "$1" in
    -h|--help) usage; exit 0 ;;
    --users) pssr_need_value "$@"; USERS=$2; shift 2 ;;
    --rounds) pssr_need_value "$@"; ROUNDS=$2; shift 2 ;;
    --item-delay) pssr_need_value "$@"; DELAY=$2; shift 2 ;;
    --only) pssr_need_value "$@"; ONLY=$2; shift 2 ;;
    --start-timeout) pssr_need_value "$@"; START_TIMEOUT=$2; shift 2 ;;
    *) pssr_usage_error "unknown option or argument '$1'" ;;
  esac
done
pssr_need_int --users "$USERS"; pssr_need_int --rounds "$ROUNDS"; pssr_need_int --start-timeout "$START_TIMEOUT"
[[ "$DELAY" =~ ^[0-9]+$ ]] || pssr_usage_error "--item-delay must be whole milliseconds, was '$DELAY'"
case "$ONLY" in
  ""|verdicts|flush|throughput|none) ;;
  *) pssr_usage_error "--only must be verdicts, flush, throughput or none, was '$ONLY'" ;;
esac
. "$ROOT/scripts/find-jdk.sh"
cd "$ROOT"
OUT="$(mktemp -d /tmp/pssr-load-check.XXXXXX)"
./pssr list >/dev/null   # builds if needed
pssr_traps
# Not called as $(start ...): a command substitution is a subshell, whose PIDs the exit trap would never see.
start() { # framework -> BASE=its URL; the server JVM as pssr starts it, on a free loopback port
  local jar; jar=$(ls "servers/$1/target/pssr-server-$1-"*.jar | grep -v plain | head -1)
  pssr_start "$1" "$OUT/$1.port" "$OUT/$1.log" -Dserver.address=127.0.0.1 -Dserver.port=0 -jar "$jar"
  pssr_wait_port "$PSSR_PID" "$OUT/$1.port" "$START_TIMEOUT" "$OUT/$1.log" || exit 1
  BASE="http://127.0.0.1:$PSSR_PORT"
}
start webflux; WEBFLUX=$BASE
start mvc; MVC=$BASE
STREAMING="$WEBFLUX/presentations/jstachio/virtual"; BUFFERED="$MVC/presentations/jstachio/blocking"
echo "load-check: WebFlux $WEBFLUX, MVC $MVC; results in $OUT"

part() { [ -z "$ONLY" ] || [ "$ONLY" = "$1" ]; }
if part verdicts; then
echo; echo "== verdicts at itemDelayMs=$DELAY, unloaded and at 1 and $USERS users (A: WebFlux virtual, B: MVC blocking without flush)"
./pssr load "$STREAMING?itemDelayMs=$DELAY" "$BUFFERED?itemDelayMs=$DELAY" --users "1,$USERS" --repeat 2 --out "$OUT/verdicts" 2>"$OUT/verdicts.log"
fi
if part flush; then
echo; echo "== MVC at itemDelayMs=$DELAY: A flushes after every item, B does not; 3 repetitions at 1 and $USERS users"
./pssr load "$MVC/presentations/jstachio/blocking-flush?itemDelayMs=$DELAY" "$BUFFERED?itemDelayMs=$DELAY" --users "1,$USERS" --repeat 3 \
  --out "$OUT/flush" 2>"$OUT/flush.log"
fi

col() { awk -F, -v name="$2" 'NR==1 {for (i=1;i<=NF;i++) h[$i]=i; next} {print $h[name]}' "$1"; }
plain_wrk() { # url -> req/s of plain wrk after a 5 s warm-up at the same users
  wrk -t1 -c"$USERS" -d5s "$1" >/dev/null
  wrk -t1 -c"$USERS" -d10s "$1" | awk '/Requests\/sec/ {print $2}'
}
pssr_load() { # url dir -> load.csv
  ./pssr load "$1" --users "$USERS" --repeat 1 --page-warmup 0 --steady-cap 0 --warmup 5s --duration 10s --out "$2" >"$2.log" 2>&1 \
    || { echo "pssr load failed: $(tail -3 "$2.log")"; exit 1; }
}
part throughput || exit 0
echo; printf '%-60s %6s %12s %12s %7s %10s %10s  %s\n' page users "pssr req/s" "wrk req/s" ratio "server µs" "wrk µs" "rounds (pssr/plain, order)"
for url in "$STREAMING?itemDelayMs=1" "$BUFFERED?itemDelayMs=1"; do
  ours_sum=0; plain_sum=0; pairs=""
  for round in $(seq 1 "$ROUNDS"); do
    dir="$OUT/tp-$(echo "$url" | md5sum | cut -c1-6)-r$round"
    if [ $((round % 2)) -eq 1 ]; then pssr_load "$url" "$dir"; plain=$(plain_wrk "$url"); order=pssr-first
    else plain=$(plain_wrk "$url"); pssr_load "$url" "$dir"; order=plain-first; fi
    ours=$(col "$dir/load.csv" throughput_rps)
    ours_sum=$(awk -v a="$ours_sum" -v b="$ours" 'BEGIN {print a + b}'); plain_sum=$(awk -v a="$plain_sum" -v b="$plain" 'BEGIN {print a + b}')
    pairs="$pairs $(printf '%.0f/%.0f,%s' "$ours" "$plain" "$order")"; last="$dir"
  done
  printf '%-60s %6s %12.0f %12.0f %7.2f %10.0f %10.0f %s\n' "${url#http://127.0.0.1:}" "$USERS" "$(awk -v a="$ours_sum" -v n="$ROUNDS" 'BEGIN {print a / n}')" \
    "$(awk -v a="$plain_sum" -v n="$ROUNDS" 'BEGIN {print a / n}')" "$(awk -v a="$ours_sum" -v b="$plain_sum" 'BEGIN {print a / b}')" \
    "$(col "$last/load.csv" server_cpu_us_per_req)" "$(col "$last/load.csv" driver_cpu_us_per_req)" "$pairs"
done
