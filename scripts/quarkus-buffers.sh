#!/usr/bin/env bash
# Quarkus's output buffer and streaming: one engine's verdicts and throughput at 512 B (the seed paper's
# setting) and 8191 B (Quarkus's default), each with and without the per-item flush. The buffer size is
# fixed when Quarkus builds the application, so the build makes two: target/quarkus-app (512 B) and
# target/quarkus-app-8k. Each of the four configurations is started here, measured by
# `./pssr run --target` (verification, then load), and stopped by its PID, on every exit path.
#
# Usage: scripts/quarkus-buffers.sh [OUT_DIR]     (default results/quarkus-buffers-<time>)
#   ENGINE=htmlflow   engine to measure (htmlflow serves all three approaches: blocking, virtual, reactive)
#   USERS=1,32,128    user levels; REQUESTS=256 requests per user per level (as the paper)
# Prints, and writes to OUT_DIR/buffers.md, one table: buffer, flush, route, verdict, chunks, req/s per level.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
. "$ROOT/scripts/find-jdk.sh"
cd "$ROOT"
ENGINE="${ENGINE:-htmlflow}"
USERS="${USERS:-1,32,128}"
REQUESTS="${REQUESTS:-256}"
OUT="${1:-results/quarkus-buffers-$(date +%Y%m%d-%H%M%S)}"
APPS=(servers/quarkus/target/quarkus-app servers/quarkus/target/quarkus-app-8k)
for app in "${APPS[@]}"; do
  [ -f "$app/quarkus-run.jar" ] || { echo "quarkus-buffers: $app/quarkus-run.jar is missing; build it with: ./mvnw install -pl servers/quarkus -am -DskipTests" >&2; exit 2; }
done
[ -e "$OUT" ] && { echo "quarkus-buffers: $OUT already exists; give a new directory" >&2; exit 2; }
mkdir -p "$OUT"

server_pid=""
stop_server() {
  if [ -n "$server_pid" ]; then kill "$server_pid" 2>/dev/null || true; wait "$server_pid" 2>/dev/null || true; server_pid=""; fi
}
trap stop_server EXIT
trap 'exit 130' INT TERM

configs=()
for app in "${APPS[@]}"; do
  bytes=512; [[ "$app" == *-8k ]] && bytes=8191
  for flush in true false; do
    name="buffer-$bytes-flush-$flush"
    port_file="$OUT/$name.port"
    # The JVM flags the harness gives the servers it starts (docs/HARNESS.md).
    "$JAVA_HOME/bin/java" -Xms512m -Xmx2g -XX:+UseG1GC --sun-misc-unsafe-memory-access=allow \
      -Dquarkus.http.port=0 -Dpssr.port-file="$port_file" -Dpssr.flush-per-item="$flush" \
      -jar "$app/quarkus-run.jar" >"$OUT/$name.server.log" 2>&1 &
    server_pid=$!
    for _ in $(seq 1 600); do [ -s "$port_file" ] && break; kill -0 "$server_pid" 2>/dev/null || break; sleep 0.1; done
    [ -s "$port_file" ] || { echo "quarkus-buffers: $name did not start; see $OUT/$name.server.log" >&2; exit 1; }
    echo "== $name: quarkus on port $(cat "$port_file") (pid $server_pid)"
    ./pssr run --target "http://127.0.0.1:$(cat "$port_file")" --engines "$ENGINE" --users "$USERS" \
      --requests-per-user "$REQUESTS" --repeat 1 --out "$OUT/$name"
    stop_server
    configs+=("$bytes $flush $name")
  done
done

# One table from the four runs' verification.csv and results.csv (columns: docs/RESULTS.md).
{
  echo "| buffer B | flush per item | route | verdict | chunks | req/s at users $USERS |"
  echo "| ---: | --- | --- | --- | ---: | --- |"
  for c in "${configs[@]}"; do
    read -r bytes flush name <<<"$c"
    awk -F, -v bytes="$bytes" -v flush="$flush" '
      FNR == 1 { next }
      FILENAME ~ /verification/ { key = $2 "/" $3 "/" $4; verdict[key] = $7; chunks[key] = $12; order[++n] = key; next }
      { key = $2 "/" $3 "/" $4; levels[key]++; rps[key] = (levels[key] > 1 ? rps[key] " / " : "") sprintf("%.0f", $10) }
      END { for (i = 1; i <= n; i++) { k = order[i]; printf "| %s | %s | %s | %s | %s | %s |\n", bytes, flush, k, verdict[k], chunks[k], rps[k] } }
    ' "$OUT/$name/verification.csv" "$OUT/$name/results.csv"
  done
} | tee "$OUT/buffers.md"
