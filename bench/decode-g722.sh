#!/usr/bin/env bash
# G.722 decoding speed: ours (in-process, AudioFiles.loadNative, best of 3 warm passes) against
# ffmpeg on the same files in the same run. Files: Asterisk's English prompts (Debian package
# asterisk-core-sounds-en-g722, 568 files, 25.5 min). ffmpeg is timed two ways: once per file (as
# a user runs it: process start included) and on all files concatenated into one stream (pure
# decoding; concatenation only changes the adaptive state at the joins, not the work).
# Usage: bench/decode-g722.sh [DIR=/usr/share/asterisk/sounds/en_US_f_Allison]
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
dir="${1:-/usr/share/asterisk/sounds/en_US_f_Allison}"
command -v ffmpeg >/dev/null || { echo "install ffmpeg (apt-get install ffmpeg)" >&2; exit 1; }
[ -d "$dir" ] || { echo "$dir missing: apt-get install asterisk-core-sounds-en-g722" >&2; exit 1; }
cd "$root"
./mvnw -B -q -o -pl engine -DskipTests -Dmaven.test.skip=false package test-compile >&2
cp="engine/target/asrwb-engine.jar:engine/target/test-classes:engine/target/lib/*"
java -cp "$cp" io.asrwb.engine.bench.G722DecodeProbe "$dir"

mapfile -t files < <(find "$dir" -name '*.g722' | sort)
bytes=$(cat "${files[@]}" | wc -c)
audio=$(awk -v b="$bytes" 'BEGIN { printf "%.1f", b / 8000 }')
t0=$(date +%s.%N)
for f in "${files[@]}"; do
  ffmpeg -nostdin -loglevel error -f g722 -i "$f" -f s16le -ac 1 -ar 16000 - >/dev/null
done
t1=$(date +%s.%N)
awk -v a="$audio" -v s="$(echo "$t1 - $t0" | bc)" -v n="${#files[@]}" \
  'BEGIN { printf "ffmpeg, one process per file: %d files, %.1f s of audio in %.3f s: %.0f s of audio per second\n", n, a, s, a / s }'
tmp="$(mktemp)"
trap 'rm -f "$tmp"' EXIT
cat "${files[@]}" >"$tmp"
best=""
for i in 1 2 3; do
  t0=$(date +%s.%N)
  ffmpeg -nostdin -loglevel error -f g722 -i "$tmp" -f s16le -ac 1 -ar 16000 - >/dev/null
  t1=$(date +%s.%N)
  s=$(echo "$t1 - $t0" | bc)
  if [ -z "$best" ] || [ "$(echo "$s < $best" | bc)" = 1 ]; then best=$s; fi
done
awk -v a="$audio" -v s="$best" \
  'BEGIN { printf "ffmpeg, all files as one stream (best of 3): %.1f s of audio in %.3f s: %.0f s of audio per second\n", a, s, a / s }'
