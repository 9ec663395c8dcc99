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
# C2 waits for ten times more calls than its defaults before compiling a method: at start-up it
# compiled what only start-up runs, on one of the two cores the window needed (0.6 s of 4.1 s,
# docs/PERFORMANCE.md); code that stays hot (a training, a long file) still gets there. Kept in
# step with installer/src/jpackage/common.args.
jvm=(-XX:Tier4InvocationThreshold=50000 -XX:Tier4CompileThreshold=150000
  -XX:Tier4BackEdgeThreshold=400000 "${jvm[@]}")
# Class-data sharing in two layers. After each build, a static archive of the classes start-up
# libraries hold (JavaFX, ControlsFX, H2, Jackson, SnakeYAML, logging, ours; ~13,000, about 20 s
# once): the very first start maps them ready-verified instead of reading and verifying them from
# the jars. That first run then archives on top what it really loaded (lambdas, JDK classes) when
# it exits; later runs map both. ND4J's jars stay out: the app loads them after the window shows.
# ASRWB_CDS=0 runs without (docs/PERFORMANCE.md, "Start-up to an interactive window").
base="$root/app/target/asrwb-app-base.jsa"
cds="$root/app/target/asrwb-app.jsa"
if [ "${ASRWB_CDS:-1}" = 0 ]; then
  exec java "${jvm[@]}" -cp "$cp" io.asrwb.app.workbench.Launcher "$@"
elif [ -f "$cds" ] && [ "$cds" -nt "$jar" ] && [ -f "$base" ]; then
  exec java "${jvm[@]}" -XX:SharedArchiveFile="$cds" -cp "$cp" io.asrwb.app.workbench.Launcher "$@"
fi
if [ ! -f "$base" ] || [ ! "$base" -nt "$jar" ]; then
  echo "asrwb: archiving the app's start-up classes (once per build, about 20 s)..." >&2
  list="$base.$$.classlist" # private names, moved into place: two first runs cannot clash
  if java -Xlog:disable -XX:DumpLoadedClassList="$list" -cp "$cp" io.asrwb.app.workbench.PreloadClasses \
      javafx- controlsfx- h2- jackson-core- jackson-databind- jackson-annotations- jackson-dataformat- \
      snakeyaml- logback- slf4j- asrwb- TarsosDSP- jsch- picocli- >/dev/null \
    && java -Xlog:disable -Xlog:cds=error:stderr -Xshare:dump -XX:SharedClassListFile="$list" \
      -XX:SharedArchiveFile="$base.$$.tmp" -cp "$cp" >/dev/null; then
    mv -f "$base.$$.tmp" "$base"
  else
    echo "asrwb: could not archive the start-up classes; starting without" >&2
    rm -f "$base.$$.tmp"
  fi
  rm -f "$list"
fi
shared=()
if [ -f "$base" ]; then shared=(-XX:SharedArchiveFile="$base"); fi
tmp="$cds.$$.tmp"
status=0
java "${jvm[@]}" "${shared[@]}" -XX:ArchiveClassesAtExit="$tmp" -cp "$cp" io.asrwb.app.workbench.Launcher "$@" \
  || status=$?
if [ -f "$tmp" ]; then mv -f "$tmp" "$cds"; fi
exit "$status"
