#!/usr/bin/env bash
# Evaluates a model on real human recordings of the demo domain, never used for training: the
# recordings Debian ships in pocketsphinx-testdata (BSD-2, CMU): "go forward ten meters", a TIDIGITS
# string, and five playing-card phrases ("five five"; the others are partly outside the demo
# vocabulary: "of clubs", "queen", ...). Prints each file's transcript beside its reference, then
# the corpus WER/CER greedy and with the model's default decoding (its shipped LM, if any), for the
# in-domain files and for all of them.
# Usage: bench/eval-real-recordings.sh [MODEL]   (default: assets/demo-model; needs apt-get download, sox)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
model="${1:-$root/assets/demo-model}"
for tool in sox apt-get dpkg-deb; do
  command -v "$tool" >/dev/null || { echo "eval-real-recordings.sh: needs $tool (apt-get install -y sox)" >&2; exit 2; }
done
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
(cd "$work" && apt-get -o APT::Sandbox::User=root download pocketsphinx-testdata >/dev/null) || {
  echo "eval-real-recordings.sh: apt-get download pocketsphinx-testdata failed (no Debian mirror reachable?)" >&2; exit 2; }
dpkg-deb -x "$work"/pocketsphinx-testdata_*.deb "$work/pkg"
data="$work/pkg/usr/share/pocketsphinx/test/data"
mkdir -p "$work/audio"
raw() { sox -t raw -r 16000 -e signed -b 16 -c 1 -L "$data/$1" "$work/audio/$2.wav"; }
raw goforward.raw goforward
raw tidigits/dhd.2934z.raw tidigits-dhd-2934z
for n in 001 002 003 004 005; do cp "$data/cards/$n.wav" "$work/audio/cards-$n.wav"; done
# file|reference|in-domain (every word in the demo vocabulary)
cat > "$work/refs.txt" <<'REFS'
goforward|go forward ten meters|yes
tidigits-dhd-2934z|two nine three four zero|yes
cards-004|five five|yes
cards-001|ten of clubs|no
cards-002|four queen of clubs|no
cards-003|seven of clubs|no
cards-005|eight of spades four of clubs seven of hearts|no
REFS
python3 - "$work" <<'PY'
import json, subprocess, sys
work = sys.argv[1]
with open(f"{work}/all.jsonl", "w") as all_, open(f"{work}/in-domain.jsonl", "w") as dom:
    for line in open(f"{work}/refs.txt"):
        name, text, in_domain = line.strip().split("|")
        seconds = float(subprocess.run(["soxi", "-D", f"{work}/audio/{name}.wav"], capture_output=True, text=True).stdout)
        row = json.dumps({"audio_filepath": f"audio/{name}.wav", "duration": seconds, "text": text,
                          "speaker": name, "split": "test"})
        all_.write(row + "\n")
        if in_domain == "yes":
            dom.write(row + "\n")
PY
cd "$root"
db="$work/catalog"
./asrwb --db "$db" dataset import --format nemo --name real-all "$work/all.jsonl" >/dev/null
./asrwb --db "$db" dataset import --format nemo --name real-in-domain "$work/in-domain.jsonl" >/dev/null
echo "model: $model"
echo "-- transcripts (default decoding) --"
while IFS='|' read -r name text _; do
  hyp="$(./asrwb transcribe --model "$model" "$work/audio/$name.wav" | cut -f2-)"
  greedy="$(./asrwb transcribe --model "$model" --decoder greedy "$work/audio/$name.wav" | cut -f2-)"
  printf '%-20s ref: %s\n%-20s lm:  %s\n%-20s greedy: %s\n' "$name" "$text" "" "$hyp" "" "$greedy"
done < "$work/refs.txt"
echo "-- corpus figures --"
for set in real-in-domain real-all; do
  ./asrwb --db "$db" eval --model "$model" --dataset "$set" --split test --decoder greedy | sed "s|^.* on |$set greedy: |"
  ./asrwb --db "$db" eval --model "$model" --dataset "$set" --split test | sed "s|^.* on |$set default: |"
done
