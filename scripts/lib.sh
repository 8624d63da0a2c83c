# Sourced by the scripts in scripts/ (not run): one way to start a server jar, wait for its port, stop it, and end
# the script on Ctrl-C. Set PSSR_SCRIPT (the script's name, for messages) before sourcing it; the script sources
# find-jdk.sh itself, after its own option parsing (so --help and a bad option need no JDK).
#
#   pssr_usage_error MSG            one line on stderr, exit 2 (a bad option or argument)
#   pssr_java_flags JAVA            sets PSSR_JAVA_FLAGS: the flags this JDK needs before any other (JDK 23+ warns when
#                                   libraries use sun.misc.Unsafe; JDK 21 and 22 refuse the flag that allows it quietly)
#   pssr_start NAME PORT_FILE LOG [JVM ARGS...]
#                                   starts "$JAVA_HOME/bin/java" with the harness's server flags (docs/HARNESS.md) and
#                                   the args; sets PSSR_PID and keeps it for the exit trap. Call it in the script's own
#                                   shell, never as $(pssr_start ...): a subshell's PIDs are not seen by the trap
#   pssr_wait_port PID PORT_FILE TIMEOUT_S LOG
#                                   waits until PORT_FILE holds a port (sets PSSR_PORT), at most TIMEOUT_S seconds, and
#                                   fails (one line, the log's tail, return 1) when the process has ended or time is up
#   pssr_stop PID [GRACE_S]         TERM, then KILL after GRACE_S seconds (default 10); waits for it
#   pssr_traps                      EXIT stops every started process; INT and TERM stop them and exit (130, 143)
PSSR_SCRIPT="${PSSR_SCRIPT:-$(basename "$0" .sh)}"
PSSR_PIDS=()

pssr_usage_error() { echo "$PSSR_SCRIPT: $1 (see --help)" >&2; exit 2; }

# A positive whole number, or exit 2 naming the option.
pssr_need_int() { [[ "$2" =~ ^[1-9][0-9]*$ ]] || pssr_usage_error "$1 must be a whole number from 1, was '$2'"; }
# A comma-separated list of positive whole numbers, or exit 2.
pssr_need_ints() { [[ "$2" =~ ^[1-9][0-9]*(,[1-9][0-9]*)*$ ]] || pssr_usage_error "$1 must be numbers such as 1,32,128, was '$2'"; }
# An option's value: present and not another option, or exit 2.
pssr_need_value() { [ $# -ge 2 ] && [[ "$2" != --* ]] || pssr_usage_error "$1 needs a value"; }

pssr_java_flags() {
  PSSR_JAVA_FLAGS=()
  local feature; feature=$(pssr_java_feature "$1")
  if [ -n "$feature" ] && [ "$feature" -ge 23 ]; then PSSR_JAVA_FLAGS+=(--sun-misc-unsafe-memory-access=allow); fi
}

pssr_start() {
  local name=$1 port_file=$2 log=$3; shift 3
  local java="$JAVA_HOME/bin/java"
  pssr_java_flags "$java"
  rm -f "$port_file"
  # The JVM flags the harness gives the servers it starts (ServerLaunch: 512m..2g, G1).
  "$java" -Xms512m -Xmx2g -XX:+UseG1GC "${PSSR_JAVA_FLAGS[@]}" -Dpssr.port-file="$port_file" "$@" >"$log" 2>&1 &
  PSSR_PID=$!
  PSSR_PIDS+=("$PSSR_PID")
  echo "$PSSR_SCRIPT: started $name (pid $PSSR_PID; log $log)" >&2
}

pssr_alive() { kill -0 "$1" 2>/dev/null && [ "$(ps -o stat= -p "$1" 2>/dev/null | cut -c1)" != Z ]; }

pssr_wait_port() {
  local pid=$1 port_file=$2 timeout_s=$3 log=$4 deadline
  deadline=$(( $(date +%s) + timeout_s ))
  while :; do
    if [ -s "$port_file" ] && [[ "$(cat "$port_file")" =~ ^[0-9]+$ ]]; then PSSR_PORT=$(cat "$port_file"); return 0; fi
    if ! pssr_alive "$pid"; then
      echo "$PSSR_SCRIPT: the server (pid $pid) ended before it wrote its port; last lines of $log:" >&2
      tail -n 5 "$log" >&2 2>/dev/null || true
      return 1
    fi
    if [ "$(date +%s)" -ge "$deadline" ]; then
      echo "$PSSR_SCRIPT: the server (pid $pid) wrote no port within $timeout_s s; stopping it; last lines of $log:" >&2
      tail -n 5 "$log" >&2 2>/dev/null || true
      pssr_stop "$pid" 5
      return 1
    fi
    sleep 0.1
  done
}

pssr_stop() {
  local pid=$1 grace=${2:-10} i rest=()
  if kill -TERM "$pid" 2>/dev/null; then
    for ((i = 0; i < grace * 10; i++)); do pssr_alive "$pid" || break; sleep 0.1; done
    if pssr_alive "$pid"; then
      echo "$PSSR_SCRIPT: pid $pid did not stop within $grace s of TERM; killing it" >&2
      kill -KILL "$pid" 2>/dev/null || true
    fi
  fi
  wait "$pid" 2>/dev/null || true
  for i in "${PSSR_PIDS[@]}"; do [ "$i" = "$pid" ] || rest+=("$i"); done
  PSSR_PIDS=("${rest[@]}")
}

pssr_stop_all() {
  local p
  for p in "${PSSR_PIDS[@]}"; do pssr_stop "$p" 10; done
}

pssr_traps() {
  trap pssr_stop_all EXIT
  # INT/TERM must end the script too: a trap that only cleaned up let the script go on to its next step
  trap 'trap - EXIT; pssr_stop_all; exit 130' INT
  trap 'trap - EXIT; pssr_stop_all; exit 143' TERM
}
