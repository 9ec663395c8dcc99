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

# Sources are compared with a stamp, not the jar: the jar plugin leaves an up-to-date jar untouched,
# and touching the jar would void the class archive the build made of it (it records jar times).
stamp="$root/app/target/.launch-built"
stale() {
  [ ! -f "$jar" ] && return 0
  local built="$stamp"
  [ -f "$stamp" ] || built="$jar" # built by `./mvnw install` (the README), not by this script
  [ -n "$(find "$root/app/src/main" "$root/remote/src/main" "$root/engine/src/main" "$root/app/pom.xml" \
    "$root/remote/pom.xml" "$root/engine/pom.xml" "$root/pom.xml" -newer "$built" -type f -print -quit 2>/dev/null)" ]
}
if stale; then
  echo "asrwb: building the desktop app (first run or sources changed)..." >&2
  (cd "$root" && { ./mvnw -B -q -o -pl app -am -DskipTests package >&2 2>/dev/null \
    || ./mvnw -B -q -pl app -am -DskipTests package >&2; })
  touch "$stamp"
fi
cp="$jar:$root/app/target/lib/*"
# C2 waits for ten times more calls than its defaults before compiling a method: at start-up it
# compiled what only start-up runs, on one of the two cores the window needed (0.6 s of 4.1 s,
# docs/PERFORMANCE.md); code that stays hot (a training, a long file) still gets there. Kept in
# step with installer/src/jpackage/common.args.
jvm=(-XX:Tier4InvocationThreshold=50000 -XX:Tier4CompileThreshold=150000
  -XX:Tier4BackEdgeThreshold=400000 "${jvm[@]}")
# Large arrays on 2 MiB pages: far fewer first-touch page faults in a training (see ./asrwb).
case "${GLIBC_TUNABLES:-}" in
  *glibc.malloc.hugetlb=*) ;;
  "") export GLIBC_TUNABLES=glibc.malloc.hugetlb=1 ;;
  *) export GLIBC_TUNABLES="$GLIBC_TUNABLES:glibc.malloc.hugetlb=1" ;;
esac
# Class-data sharing: the build archives every class of the libraries start-up uses (app/pom.xml,
# `class-archive`), so even a first start maps them ready-verified; the JVM ignores an archive
# whose jars changed since. Without one (-Dasrwb.cds.skip), the first run archives what it loaded
# as it exits. ASRWB_CDS=0 runs without (docs/PERFORMANCE.md, "Start-up to an interactive window").
cds="$root/app/target/asrwb-app.jsa"
if [ "${ASRWB_CDS:-1}" = 0 ]; then
  exec java "${jvm[@]}" -cp "$cp" io.asrwb.app.workbench.Launcher "$@"
elif [ -f "$cds" ] && [ ! "$jar" -nt "$cds" ]; then # else one from before the jar: made anew below
  exec java "${jvm[@]}" -XX:SharedArchiveFile="$cds" -cp "$cp" io.asrwb.app.workbench.Launcher "$@"
fi
tmp="$cds.$$.tmp" # a private name, moved into place: two first runs cannot leave half an archive
status=0
java "${jvm[@]}" -XX:ArchiveClassesAtExit="$tmp" -cp "$cp" io.asrwb.app.workbench.Launcher "$@" || status=$?
if [ -f "$tmp" ]; then mv -f "$tmp" "$cds"; fi
exit "$status"
