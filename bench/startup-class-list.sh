#!/usr/bin/env bash
# Writes app/src/main/cds/startup-classes.txt: the classes the desktop app loads from its jars and
# from the JDK (outside the JDK's own archive) between its launch and its first interactive window.
# The build archives exactly these (app/pom.xml, execution `class-archive`), so a first start maps
# them ready-verified while the build spends ~5 s on it instead of ~9 s for every class of the
# start-up libraries (docs/PERFORMANCE.md, "The first install"). A class renamed or gone since the
# list was written is only left out of the archive (PreloadClassesTest fails when over 5 % of the
# list no longer loads): run this again after changing what start-up builds.
# Usage: bench/startup-class-list.sh    (needs xvfb-run when there is no display)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
if [ -z "${DISPLAY:-}" ]; then
  exec xvfb-run -a -s "-screen 0 1280x800x24" "$0" "$@"
fi
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
export ASRWB_HOME="$work/home" ASRWB_DB="$work/catalog" ASRWB_CDS=0
cd "$root"
ASRWB_JAVA_OPTS="-Xmx2g -Xlog:class+load=info:file=$work/classes.log" ./asrwb app > "$work/app.log" 2>&1 &
pid=$!
for ((i = 0; i < 18000; i++)); do # 15 minutes: a first run builds the app
  grep -q 'startup: window interactive' "$work/app.log" && break
  kill -0 "$pid" 2>/dev/null || break
  sleep 0.05
done
kill "$(pgrep -P "$pid" java || echo "$pid")" 2>/dev/null || true
wait "$pid" 2>/dev/null || true
grep -q 'startup: window interactive' "$work/app.log" \
  || { echo "the app did not reach an interactive window; it said:" >&2; tail -20 "$work/app.log" >&2; exit 1; }
out=app/src/main/cds/startup-classes.txt
{
  echo "# Written by bench/startup-class-list.sh: what the app loads up to its first interactive window,"
  echo "# from its jars and the JDK (not the JDK's own archive). Archived by the build (app/pom.xml)."
  # a class read from a jar (file:) or the JDK's modules (jrt:/); not the hidden and generated ones
  grep -E 'source: (jrt:/|file:)' "$work/classes.log" | sed 's/^\[[^]]*\]\[[^]]*\]\[[^]]*\] *//' \
    | awk '{ print $1 }' | grep -v / | LC_ALL=C sort -u
} > "$out"
echo "$(grep -vc '^#' "$out") classes in $out"
