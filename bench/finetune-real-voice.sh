#!/usr/bin/env bash
# Fine-tunes the bundled demo model on N minutes of one real speaker (N = 1, 3, 10: nested
# prefixes of the same clips, the same recipe) and prints the greedy WER/CER on a fixed held-out
# set of that speaker's sentences before and after each, with the fine-tuning wall time.
# The speaker: Allison Smith, the voice of Asterisk's prompts (Debian's asterisk-core-sounds-en-wav,
# 8 kHz telephone recordings), or the real-speech corpus's rows of her when that corpus is built
# (see bench/real-voice-clips.py). The demo model was trained on synthetic voices only: it never
# heard this speaker, nor any recorded human. Recipe: the app's "Fine-tune on these takes"
# (engine/src/main/resources/io/asrwb/engine/train/finetune/voice-recipe.yaml, conv frozen,
# steps = 8 passes at batch 16, at least 20, at most 300). Figures: docs/PERFORMANCE.md
# ("Fine-tuning on a real voice").
# Usage: bench/finetune-real-voice.sh [WORK_DIR] [--minutes 1,3,10] [--seed 7]
# ASRWB=path/to/asrwb runs another build of the CLI (default: this checkout's ./asrwb).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
work="${1:-$(mktemp -d)}"; shift || true
minutes=1,3,10; seed=7
while [ $# -gt 0 ]; do
  case "$1" in
    --minutes) minutes="$2"; shift 2 ;;
    --seed) seed="$2"; shift 2 ;;
    *) echo "finetune-real-voice.sh: unknown option $1" >&2; exit 2 ;;
  esac
done
asrwb="${ASRWB:-$root/asrwb}"
recipe="$root/engine/src/main/resources/io/asrwb/engine/train/finetune/voice-recipe.yaml"
mkdir -p "$work"; chmod 700 "$work"
db="$work/catalog.db"
cd "$root"
python3 bench/real-voice-clips.py "$work/clips" --minutes "$minutes" --seed "$seed"
echo "The demo model (assets/demo-model) was trained on synthetic voices only: it never heard this speaker."
score() { # dataset model -> "WER CER" from eval's porcelain line
  "$asrwb" --db "$db" --porcelain eval --model "$2" --dataset "$1" --split test --decoder greedy \
    | python3 -c 'import json,sys
for l in sys.stdin:
    r=json.loads(l)
    if "wer" in r and "cer" in r: print("%.1f %.1f" % (100 * r["wer"], 100 * r["cer"]))' | tail -1
}
rows=()
for n in ${minutes//,/ }; do
  name="allison-${n}min"
  "$asrwb" --db "$db" dataset import --format nemo --name "$name" "$work/clips/${n}min.jsonl" >/dev/null
  clips=$(grep -c '"split": "train"' "$work/clips/${n}min.jsonl")
  steps=$(( (8 * clips + 15) / 16 )); [ "$steps" -lt 20 ] && steps=20; [ "$steps" -gt 300 ] && steps=300
  before=$(score "$name" assets/demo-model)
  start=$(date +%s)
  "$asrwb" --db "$db" train --config "$recipe" --init-from assets/demo-model --freeze conv \
    --dataset "$name" --out "$work/run-$name" --max-steps "$steps" >"$work/train-$name.log" 2>&1
  took=$(( $(date +%s) - start ))
  after=$(score "$name" "$work/run-$name")
  echo "N=$n min: $clips clips, $steps steps, WER/CER before $before -> after $after, ${took} s"
  rows+=("| $n | $clips | $steps | ${before% *} → ${after% *} | ${before#* } → ${after#* } | $took |")
done
echo
echo "| N (min) | training clips | steps | held-out WER % before → after | CER % before → after | fine-tune wall time (s) |"
echo "|---|---|---|---|---|---|"
printf '%s\n' "${rows[@]}"
