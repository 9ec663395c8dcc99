#!/usr/bin/env bash
# Filter and sort of the Datasets table at 100k rows (bar: each under 100 ms), on the FX thread
# until a real TableView has drawn the frame showing each step (see UtteranceTableBench).
# Usage: bench/table-100k.sh [ROWS] [CYCLES]     (default 100000 11; the first cycle is warm-up)
# Needs xvfb-run when there is no display.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
if [ -z "${DISPLAY:-}" ]; then
  exec xvfb-run -a -s "-screen 0 1280x800x24" "$0" "$@"
fi
cd "$root"
./mvnw -B -q -o -pl app -am -DskipTests -Dmaven.test.skip=false package test-compile >&2
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
java -Xmx2g -cp "app/target/asrwb-app.jar:app/target/test-classes:app/target/lib/*" \
  io.asrwb.app.datasets.UtteranceTableBench "$@" 2>&1 | grep -v 'Unsupported JavaFX configuration\|PlatformImpl startup'
echo "load after:  $(cut -d' ' -f1-3 /proc/loadavg)"
