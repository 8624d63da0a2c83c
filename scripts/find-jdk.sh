# Sourced by ./pssr and scripts/. Sets PSSR_JAVA_HOME to a JDK >= 21: JAVA_HOME if it qualifies, else the
# newest JDK under /usr/lib/jvm, else the `java` on PATH. Exits with one sentence if there is none.
pssr_java_feature() { # prints the feature version (17, 21, 25, ...) of the java binary $1, or nothing
  "$1" -XshowSettings:properties -version 2>&1 | awk -F'= ' '/java.specification.version/ {print $2; exit}' | cut -d. -f1
}
pssr_find_jdk() {
  local min=21 candidate version best="" best_version=0 java_bin
  if [ -n "${JAVA_HOME:-}" ] && [ -x "$JAVA_HOME/bin/javac" ]; then
    version=$(pssr_java_feature "$JAVA_HOME/bin/java")
    if [ -n "$version" ] && [ "$version" -ge "$min" ]; then PSSR_JAVA_HOME="$JAVA_HOME"; return 0; fi
  fi
  for candidate in /usr/lib/jvm/*; do
    [ -x "$candidate/bin/javac" ] || continue
    version=$(pssr_java_feature "$candidate/bin/java")
    if [ -n "$version" ] && [ "$version" -ge "$min" ] && [ "$version" -gt "$best_version" ]; then best="$candidate"; best_version="$version"; fi
  done
  if [ -n "$best" ]; then PSSR_JAVA_HOME="$best"; return 0; fi
  java_bin=$(command -v javac 2>/dev/null || true)
  if [ -n "$java_bin" ]; then
    candidate=$(dirname "$(dirname "$(readlink -f "$java_bin")")")
    version=$(pssr_java_feature "$candidate/bin/java")
    if [ -n "$version" ] && [ "$version" -ge "$min" ]; then PSSR_JAVA_HOME="$candidate"; return 0; fi
  fi
  echo "pssr: no JDK 21 or newer found (looked at JAVA_HOME=${JAVA_HOME:-unset}, /usr/lib/jvm/*, and javac on PATH); install one or set JAVA_HOME to it, e.g. JAVA_HOME=/path/to/jdk-25 ./pssr" >&2
  exit 1
}
pssr_find_jdk
export JAVA_HOME="$PSSR_JAVA_HOME"
