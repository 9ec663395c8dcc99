#!/usr/bin/env bash
# Long-file transcription (docs/PERFORMANCE.md, "Long files"): writes a long 16 kHz mono wav of
# the demo corpus's clips (with a quiet noise floor between them; not committed, in a temporary
# folder), makes a small-preset checkpoint (one training step on the demo corpus: the time does not
# depend on the weights), runs `./asrwb --porcelain transcribe` on the file under /usr/bin/time and
# prints peak RSS, wall and CPU time, the real-time factor and the load.
# Usage: bench/transcribe-long.sh [SECONDS] [MODEL]
#   SECONDS  length of the file (default 1200 = 20 minutes; 10800 = 3 hours)
#   MODEL    a checkpoint or run folder instead of the small preset (e.g. assets/demo-model)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
seconds="${1:-1200}"
model="${2:-}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

cd "$root"
./mvnw -B -q -o -pl engine -am package -DskipTests >&2
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
/usr/bin/time -v ./asrwb --porcelain transcribe --model "$model" "$wav" > "$work/out.jsonl" 2> "$work/time.txt" \
  || { cat "$work/time.txt" >&2; exit 1; }
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"

rss_kb=$(sed -n 's/.*Maximum resident set size (kbytes): //p' "$work/time.txt")
user=$(sed -n 's/.*User time (seconds): //p' "$work/time.txt")
sys=$(sed -n 's/.*System time (seconds): //p' "$work/time.txt")
wall=$(sed -n 's/.*Elapsed (wall clock) time (h:mm:ss or m:ss): //p' "$work/time.txt" \
  | awk -F: '{ s = 0; for (i = 1; i <= NF; i++) s = s * 60 + $i; print s }')
segments=$(grep -c '"type":"segment"' "$work/out.jsonl" || true)
words=$(grep '"type":"transcript"' "$work/out.jsonl" | sed 's/.*"text":"//; s/"}$//' | wc -w)
awk -v s="$seconds" -v rss="$rss_kb" -v u="$user" -v y="$sys" -v w="$wall" -v seg="$segments" -v words="$words" 'BEGIN {
  printf "peak RSS: %.0f MB\n", rss / 1024
  printf "wall: %.1f s (JVM start and model load included): %.1fx real time\n", w, s / w
  printf "CPU: %.1f s user + %.1f s system: %.1fx real time per core, %.1fx on 2 busy cores\n", u, y, s / (u + y), 2 * s / (u + y)
  printf "output: %d segment lines, %d words\n", seg, words
}'
