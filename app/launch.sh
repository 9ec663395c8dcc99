#!/usr/bin/env bash
# Opens the desktop app from this source tree: builds app/target (jar + lib/) on first use or
# when sources changed, then runs it. Called by `./asrwb app`, which passes its JVM options.
# Usage: app/launch.sh [JVM_OPTION...] -- [APP_ARG...]
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
jar="$root/app/target/asrwb-app.jar"

jvm=()
while [ $# -gt 0 ] && [ "$1" != -- ]; do jvm+=("$1"); shift; done
[ "${1:-}" = -- ] && shift

stale() {
  [ ! -f "$jar" ] && return 0
  [ -n "$(find "$root/app/src/main" "$root/remote/src/main" "$root/engine/src/main" "$root/app/pom.xml" \
    "$root/remote/pom.xml" "$root/engine/pom.xml" "$root/pom.xml" -newer "$jar" -type f -print -quit 2>/dev/null)" ]
}
if stale; then
  echo "asrwb: building the desktop app (first run or sources changed)..." >&2
  (cd "$root" && { ./mvnw -B -q -o -pl app -am -DskipTests package >&2 2>/dev/null \
    || ./mvnw -B -q -pl app -am -DskipTests package >&2; })
  touch "$jar" # as ./asrwb does for the engine: an untouched up-to-date jar would look stale
fi
exec java "${jvm[@]}" -cp "$jar:$root/app/target/lib/*" io.asrwb.app.Launcher "$@"
