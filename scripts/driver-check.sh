#!/usr/bin/env bash
# Is pssr's figure the server's? One WebFlux server JVM, warmed 20 s per route; per route and level, ROUNDS rounds of
# `./pssr run --target` (the harness: wrk, response checks, side probe) and plain `wrk -t1 -cN -d10s` on the
# same JVM, the order swapped every round (pssr first, then plain first) so neither always profits from the
# other's warm-up. Prints the ratio of the summed throughputs per route and level (acceptance: 0.90-1.10) with
# each round's pair, then the same levels with --driver jmeter (ROUNDS runs) and the driver CPU per request of
# both, each the mean over its rounds (acceptance: wrk's <= 25% of JMeter's). Run it on an otherwise quiet machine.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
PSSR_SCRIPT=driver-check
. "$ROOT/scripts/lib.sh"

usage() {
  cat <<'EOF2'
Usage: scripts/driver-check.sh [--users LIST] [--rounds N] [--start-timeout S]
pssr's wrk figures against plain wrk on one WebFlux JVM, then wrk's driver CPU per request against JMeter's.
  --users LIST       user levels (default 16,64,128)
  --rounds N         rounds per route and level, the order swapped each round (default 2)
  --start-timeout S  how long the server may take to write its port (default 120)
  -h, --help         this help
EOF2
}
USERS=16,64,128; ROUNDS=2; START_TIMEOUT=120
while [ $# -gt 0 ]; do
  case "$1" in
    -h|--help) usage; exit 0 ;;
    --users) pssr_need_value "$@"; USERS=$2; shift 2 ;;
    --rounds) pssr_need_value "$@"; ROUNDS=$2; shift 2 ;;
    --start-timeout) pssr_need_value "$@"; START_TIMEOUT=$2; shift 2 ;;
    *) pssr_usage_error "unknown option or argument '$1'" ;;
  esac
done
pssr_need_ints --users "$USERS"; pssr_need_int --rounds "$ROUNDS"; pssr_need_int --start-timeout "$START_TIMEOUT"
. "$ROOT/scripts/find-jdk.sh"
cd "$ROOT"
ROUTES=(presentations/jstachio/virtual presentations/htmlflow/suspending)
OUT="$(mktemp -d /tmp/pssr-driver-check.XXXXXX)"
./pssr list >/dev/null   # builds if needed
JAR=$(ls servers/webflux/target/pssr-server-webflux-*.jar | grep -v plain | head -1)
PORT_FILE="$OUT/port"
pssr_traps
pssr_start webflux "$PORT_FILE" "$OUT/server.log" -Dserver.address=127.0.0.1 -Dserver.port=0 -jar "$JAR"
SERVER=$PSSR_PID
pssr_wait_port "$SERVER" "$PORT_FILE" "$START_TIMEOUT" "$OUT/server.log" || exit 1
BASE="http://127.0.0.1:$PSSR_PORT"
echo "driver-check: WebFlux pid $SERVER on $BASE; results in $OUT"

plain_wrk() { # route users -> req/s of plain wrk (after a 5 s warm-up at the same users)
  wrk -t1 -c"$2" -d5s "$BASE/$1?itemDelayMs=1" >/dev/null
  wrk -t1 -c"$2" -d10s "$BASE/$1?itemDelayMs=1" | awk '/Requests\/sec/ {print $2}'
}
pssr_run() { # driver users dir [route] -> results.csv of the route (default: both routes) at that level
  local engines=jstachio,htmlflow approaches=virtual,suspending
  if [ -n "${4:-}" ]; then IFS=/ read -r _ engines approaches <<<"$4"; fi
  ./pssr run --target "$BASE" --driver "$1" --models presentations --engines "$engines" --approaches "$approaches" \
    --users "$2" --repeat 1 --route-warmup 0 --steady-cap 0 --warmup 5s --duration 10s --out "$3" >"$3.log" 2>&1 || { echo "pssr run failed: $(tail -3 "$3.log")"; exit 1; }
}
col() { # file route-key column -> value
  awk -F, -v key="$2" -v name="$3" 'NR==1 {for (i=1;i<=NF;i++) h[$i]=i; c=h[name]; next}
    ($h["framework"]"/"$h["model"]"/"$h["engine"]"/"$h["approach"])==key {print $c}' "$1"
}

# a fresh JVM needs ~20 s of load before its JIT is done (docs/HARNESS.md): without this the first round of the first level
# measures a colder JVM than every later one (a --users 128 check read 0.71 from that round alone)
TOP=$(tr ',' '\n' <<<"$USERS" | sort -n | tail -1)
echo "driver-check: warming the JVM, each route 20 s at $TOP users"
for r in "${ROUTES[@]}"; do wrk -t1 -c"$TOP" -d20s "$BASE/$r?itemDelayMs=1" >/dev/null; done
printf '\n%-40s %6s %12s %12s %7s %10s %10s  %s\n' route users "pssr req/s" "wrk req/s" ratio "server µs" "wrk µs" "rounds (pssr/plain, order)"
for u in ${USERS//,/ }; do
  for r in "${ROUTES[@]}"; do
    key="webflux/$r"; ours_sum=0; plain_sum=0; pairs=""
    for round in $(seq 1 "$ROUNDS"); do
      dir="$OUT/wrk-u$u-${r//\//-}-r$round"
      if [ $((round % 2)) -eq 1 ]; then pssr_run wrk "$u" "$dir" "$r"; plain=$(plain_wrk "$r" "$u"); order=pssr-first
      else plain=$(plain_wrk "$r" "$u"); pssr_run wrk "$u" "$dir" "$r"; order=plain-first; fi
      ours=$(col "$dir/results.csv" "$key" throughput_rps)
      ours_sum=$(awk -v a="$ours_sum" -v b="$ours" 'BEGIN {print a + b}'); plain_sum=$(awk -v a="$plain_sum" -v b="$plain" 'BEGIN {print a + b}')
      pairs="$pairs $(printf '%.0f/%.0f,%s' "$ours" "$plain" "$order")"
      last="$dir"
    done
    printf '%-40s %6s %12.0f %12.0f %7.2f %10s %10s %s\n' "$r" "$u" "$(awk -v a="$ours_sum" -v n="$ROUNDS" 'BEGIN {print a / n}')" \
      "$(awk -v a="$plain_sum" -v n="$ROUNDS" 'BEGIN {print a / n}')" "$(awk -v a="$ours_sum" -v b="$plain_sum" 'BEGIN {print a / b}')" \
      "$(col "$last/results.csv" "$key" server_cpu_us_per_req)" "$(col "$last/results.csv" "$key" driver_cpu_us_per_req)" "$pairs"
    cp "$last/results.csv" "$OUT/wrk-u$u-${r//\//-}.csv"
  done
done

printf '\n%-40s %6s %12s %14s %14s %8s\n' route users "jmeter req/s" "jmeter µs/req" "wrk µs/req" "wrk/jm"
for u in ${USERS//,/ }; do
  # JMeter's CPU per request over ROUNDS runs (one window alone is noisy), against wrk's over its ROUNDS
  for round in $(seq 1 "$ROUNDS"); do pssr_run jmeter "$u" "$OUT/jmeter-u$u-r$round"; done
  for r in "${ROUTES[@]}"; do
    key="webflux/$r"; jm=0; jrps=0; wk=0
    for round in $(seq 1 "$ROUNDS"); do
      jm=$(awk -v a="$jm" -v b="$(col "$OUT/jmeter-u$u-r$round/results.csv" "$key" driver_cpu_us_per_req)" 'BEGIN {print a + b}')
      jrps=$(awk -v a="$jrps" -v b="$(col "$OUT/jmeter-u$u-r$round/results.csv" "$key" throughput_rps)" 'BEGIN {print a + b}')
      wk=$(awk -v a="$wk" -v b="$(col "$OUT/wrk-u$u-${r//\//-}-r$round/results.csv" "$key" driver_cpu_us_per_req)" 'BEGIN {print a + b}')
    done
    printf '%-40s %6s %12.0f %14.1f %14.1f %8.2f\n' "$r" "$u" "$(awk -v a="$jrps" -v n="$ROUNDS" 'BEGIN {print a / n}')" \
      "$(awk -v a="$jm" -v n="$ROUNDS" 'BEGIN {print a / n}')" "$(awk -v a="$wk" -v n="$ROUNDS" 'BEGIN {print a / n}')" "$(awk -v a="$wk" -v b="$jm" 'BEGIN {print a / b}')"
  done
done
