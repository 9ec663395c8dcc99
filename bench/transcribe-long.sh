#!/usr/bin/env bash
# Long-file transcription (docs/PERFORMANCE.md, "Long files"): writes a long 16 kHz mono wav of
# the demo corpus's clips (with a quiet noise floor between them; not committed, in a temporary
# folder), makes a small-preset checkpoint (one training step on the demo corpus: the time does not
# depend on the weights), runs `./asrwb --porcelain transcribe` on the file under /usr/bin/time and
# prints peak RSS, wall and CPU time, the real-time factor and the load.
# Usage: bench/transcribe-long.sh [SECONDS] [MODEL]
#   SECONDS  length of the file (default 1200 = 20 minutes; 10800 = 3 hours)
#   MODEL    a checkpoint or run folder instead of the small preset (e.g. assets/demo-model)
# Env: IN=app transcribes the file in the desktop app instead (its Transcribe tab, headless on
#      Monocle, the JVM options and environment `./asrwb app` gives it; app/.../LongFileAppDriver)
#      and also prints its resident set once a minute; IN=installed-app the same with the installed
#      app's environment (jpackage's launcher sets no glibc variable: installer/src/jpackage/common.args).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
seconds="${1:-1200}"
model="${2:-}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

in="${IN:-cli}"
case "$in" in cli|app|installed-app) ;; *) echo "IN must be cli, app or installed-app, not '$in'" >&2; exit 2 ;; esac
cd "$root"
./mvnw -B -q -o -pl engine -am package -DskipTests >&2
if [ "$in" != cli ]; then
  ./mvnw -B -q -o -pl app -am -DskipTests -Dmaven.test.skip=false package >&2
  monocle="$(find "$HOME/.m2/repository/org/testfx/openjfx-monocle" -name 'openjfx-monocle-*.jar' | sort | tail -n 1)"
  [ -n "$monocle" ] || { echo "no openjfx-monocle jar in ~/.m2 (run the app's tests once)" >&2; exit 1; }
fi
cp="engine/target/asrwb-engine.jar:engine/target/lib/*"

wav="$work/long.wav"
java -cp "$cp" io.asrwb.engine.bench.LongAudioFile "$wav" "$seconds" assets/demo-corpus/demo.jsonl
echo "file: $seconds s, $(du -m "$wav" | cut -f1) MB, $(wc -w < "$wav.txt") words spoken"

if [ -z "$model" ]; then
  cat > "$work/small.yaml" << 'YAML'
preset: small
data:
  max_duration_s: 0.8
  batch_size: 2
  duration_buckets: 1
  val_splits: []
YAML
  ./asrwb --db "$work/catalog" dataset import --format nemo --name demo assets/demo-corpus/demo.jsonl > /dev/null
  ./asrwb --db "$work/catalog" train --config "$work/small.yaml" --dataset demo --out "$work/small" \
    --max-steps 1 > /dev/null
  model="$work/small"
  echo "model: small preset (DS2-small, one training step)"
else
  echo "model: $model"
fi

echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
if [ "$in" = cli ]; then
  /usr/bin/time -v ./asrwb --porcelain transcribe --model "$model" "$wav" > "$work/out.jsonl" 2> "$work/time.txt" \
    || { cat "$work/time.txt" >&2; exit 1; }
else
  # The app's JVM as `./asrwb app` starts it (its heap, C2 thresholds, ND4J's off-heap bounds, glibc's
  # settings), its data dir a fresh one, its window on Monocle's headless screen.
  if [ "$in" = app ]; then
    export MALLOC_MMAP_THRESHOLD_="${MALLOC_MMAP_THRESHOLD_:-131072}" GLIBC_TUNABLES=glibc.malloc.hugetlb=1
  else
    unset MALLOC_MMAP_THRESHOLD_ GLIBC_TUNABLES
  fi
  # the installed app's JVM options (heap, C2 thresholds, ND4J's bounds; app/launch.sh and ./asrwb give
  # `./asrwb app` the same), less its install folder's assets
  mapfile -t app_jvm < <(sed -n 's/^--java-options //p' installer/src/jpackage/common.args | grep -v '\$APPDIR')
  ASRWB_HOME="$work/home" ASRWB_DB="$work/catalog" /usr/bin/time -v java "${app_jvm[@]}" \
    -Dglass.platform=Monocle -Dmonocle.platform=Headless -Dprism.order=sw -Dprism.text=t2k \
    -Dasrwb.assets="$root/assets" -Dasrwb.settings="$work/settings.properties" \
    -cp "app/target/asrwb-app.jar:app/target/test-classes:app/target/lib/*:$monocle" \
    io.asrwb.app.workbench.LongFileAppDriver "$model" "$wav" 2> "$work/time.txt" | tee "$work/app.log" \
    || { cat "$work/time.txt" >&2; exit 1; }
fi
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"

rss_kb=$(sed -n 's/.*Maximum resident set size (kbytes): //p' "$work/time.txt")
user=$(sed -n 's/.*User time (seconds): //p' "$work/time.txt")
sys=$(sed -n 's/.*System time (seconds): //p' "$work/time.txt")
wall=$(sed -n 's/.*Elapsed (wall clock) time (h:mm:ss or m:ss): //p' "$work/time.txt" \
  | awk -F: '{ s = 0; for (i = 1; i <= NF; i++) s = s * 60 + $i; print s }')
if [ "$in" = cli ]; then
  segments=$(grep -c '"type":"segment"' "$work/out.jsonl" || true)
  words=$(grep '"type":"transcript"' "$work/out.jsonl" | sed 's/.*"text":"//; s/"}$//' | wc -w)
else
  segments=$(sed -n 's/.*done in [0-9]* s: \([0-9]*\) segments.*/\1/p' "$work/app.log")
  words=-1
fi
awk -v s="$seconds" -v rss="$rss_kb" -v u="$user" -v y="$sys" -v w="$wall" -v seg="$segments" -v words="$words" 'BEGIN {
  printf "peak RSS: %.0f MB\n", rss / 1024
  printf "wall: %.1f s (JVM start and model load included): %.1fx real time\n", w, s / w
  printf "CPU: %.1f s user + %.1f s system: %.1fx real time per core, %.1fx on 2 busy cores\n", u, y, s / (u + y), 2 * s / (u + y)
  if (words >= 0) printf "output: %d segment lines, %d words\n", seg, words
  else printf "output: %d segments shown\n", seg
}'
