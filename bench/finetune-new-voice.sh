#!/usr/bin/env bash
# Fine-tunes the bundled demo model on a few minutes of a voice it never heard (espeak-ng's German
# voice reading the demo domain's English sentences) and prints the greedy CER/WER on held-out
# sentences of that voice before and after. Figures: docs/PERFORMANCE.md ("Fine-tuning").
# Usage: bench/finetune-new-voice.sh [WORK_DIR] [--voice de+m3] [--train N] [--max-steps N]
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
work="${1:-$(mktemp -d)}"; shift || true
voice=de+m3; train=150; steps=80
while [ $# -gt 0 ]; do
  case "$1" in
    --voice) voice="$2"; shift 2 ;;
    --train) train="$2"; shift 2 ;;
    --max-steps) steps="$2"; shift 2 ;;
    *) echo "finetune-new-voice.sh: unknown option $1" >&2; exit 2 ;;
  esac
done
mkdir -p "$work"; chmod 700 "$work"
db="$work/catalog.db"
name="newvoice-${voice/+/-}"
cd "$root"
python3 bench/render-new-voice.py "$work/data" --voice "$voice" --train "$train"
./asrwb --db "$db" dataset import --format nemo --name "$name" "$work/data/manifest.jsonl"
echo "== before (the demo model as shipped)"
./asrwb --db "$db" eval --model assets/demo-model --dataset "$name" --split test --decoder greedy
start=$(date +%s)
./asrwb --db "$db" train --config bench/finetune-new-voice.yaml --init-from assets/demo-model \
  --dataset "$name" --out "$work/run" --max-steps "$steps"
echo "fine-tuning took $(( $(date +%s) - start )) s"
echo "== after ($steps steps of fine-tuning)"
./asrwb --db "$db" eval --model "$work/run" --dataset "$name" --split test --decoder greedy
