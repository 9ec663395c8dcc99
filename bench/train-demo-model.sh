#!/usr/bin/env bash
# Trains the demo model on the bundled demo corpus and copies its final checkpoint to
# assets/demo-model/ (what `./asrwb transcribe` and the app's Transcribe tab use by default),
# then prints its test-voice WER/CER (voices never heard in training).
# Usage: bench/train-demo-model.sh [WORKDIR]      (about 10 minutes on 2 idle cores)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
work="${1:-$(mktemp -d)}"
mkdir -p "$work"
db="$work/catalog"
run="$work/run"
rm -rf "$run" "$db".*
cd "$root"
./asrwb --db "$db" dataset import --format nemo --name demo assets/demo-corpus/demo.jsonl
./asrwb --db "$db" train --config assets/demo-model/train-config.yaml --dataset demo --out "$run"
./asrwb --db "$db" eval --model "$run" --dataset demo --split test
latest="$(ls -d "$run"/checkpoints/step-* | sort | tail -n 1)"
rm -rf assets/demo-model/model.zip assets/demo-model/state.json assets/demo-model/SHA256SUMS
cp "$latest"/model.zip "$latest"/state.json "$latest"/SHA256SUMS assets/demo-model/
echo "demo model: $latest -> assets/demo-model/ ($(du -sh assets/demo-model/model.zip | cut -f1))"
