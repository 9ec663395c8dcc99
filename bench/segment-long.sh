#!/usr/bin/env bash
# Segmenting a long recording (docs/PERFORMANCE.md, "Long recordings into utterances"): writes a
# long 16 kHz mono wav of the demo corpus's clips and its transcript (not committed, in a temporary
# folder), then runs `./asrwb dataset segment` on it twice under /usr/bin/time, with the transcript
# and without (drafts), each into a fresh dataset of a temporary catalog, and prints wall time,
# real-time factor, peak RSS and what came out.
# Usage: bench/segment-long.sh [SECONDS] [MODEL]
#   SECONDS  length of the file (default 3600 = 1 hour)
#   MODEL    checkpoint (default assets/demo-model)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
seconds="${1:-3600}"
model="${2:-assets/demo-model}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

cd "$root"
./mvnw -B -q -o -pl engine -am package -DskipTests >&2
cp="engine/target/asrwb-engine.jar:engine/target/lib/*"
wav="$work/long.wav"
java -cp "$cp" io.asrwb.engine.bench.LongAudioFile "$wav" "$seconds" assets/demo-corpus/demo.jsonl
echo "file: $seconds s, $(du -m "$wav" | cut -f1) MB, $(wc -w < "$wav.txt") words in its transcript; model: $model"

measure() {
  local name="$1"; shift
  echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
  /usr/bin/time -v ./asrwb --db "$work/catalog" --porcelain dataset segment "$wav" --into "$name" \
    --model "$model" --out "$work/segments" "$@" > "$work/$name.jsonl" 2> "$work/$name.time" \
    || { tail -5 "$work/$name.time" >&2; exit 1; }
  local rss wall segs rejected
  rss=$(sed -n 's/.*Maximum resident set size (kbytes): //p' "$work/$name.time")
  wall=$(sed -n 's/.*Elapsed (wall clock) time (h:mm:ss or m:ss): //p' "$work/$name.time" \
    | awk -F: '{ s = 0; for (i = 1; i <= NF; i++) s = s * 60 + $i; print s }')
  segs=$(grep '"type":"segment-summary"' "$work/$name.jsonl" | sed 's/.*"segments":\([0-9]*\).*/\1/')
  rejected=$(grep -c '"type":"rejected"' "$work/$name.jsonl" || true)
  local folder words
  folder=$(grep '"type":"segment-summary"' "$work/$name.jsonl" | sed 's/.*"folder":"\([^"]*\)".*/\1/')
  words=$(sed 's/.*"text":"\([^"]*\)".*/\1/' "$folder/manifest.jsonl" | wc -w)
  awk -v s="$seconds" -v rss="$rss" -v w="$wall" -v n="$name" -v seg="$segs" -v rej="$rejected" -v words="$words" 'BEGIN {
    printf "%s: wall %.1f s (JVM start and model load included), %.1fx real time, peak RSS %.0f MB, %d utterances holding %d words, %d stretches rejected\n", n, w, s / w, rss / 1024, seg, words, rej
  }'
}

measure with-transcript --transcript "$wav.txt"
measure drafts
