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
cp="$jar:$root/app/target/lib/*"
# Class-data sharing, as ./asrwb does for the CLI: the first run after a build archives the
# ~8,500 classes it loaded (JavaFX, H2, Jackson, logging) when it exits; later runs map them
# ready-verified, which is most of what start-up costs. ASRWB_CDS=0 runs without.
cds="$root/app/target/asrwb-app.jsa"
if [ "${ASRWB_CDS:-1}" = 0 ]; then
  exec java "${jvm[@]}" -cp "$cp" io.asrwb.app.workbench.Launcher "$@"
elif [ -f "$cds" ] && [ "$cds" -nt "$jar" ]; then
  exec java "${jvm[@]}" -XX:SharedArchiveFile="$cds" -cp "$cp" io.asrwb.app.workbench.Launcher "$@"
fi
tmp="$cds.$$.tmp" # a private name, moved into place: two first runs cannot leave half an archive
status=0
java "${jvm[@]}" -XX:ArchiveClassesAtExit="$tmp" -cp "$cp" io.asrwb.app.workbench.Launcher "$@" || status=$?
if [ -f "$tmp" ]; then mv -f "$tmp" "$cds"; fi
exit "$status"
