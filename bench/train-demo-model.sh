#!/usr/bin/env bash
# Builds the bundled demo model from nothing, resumably: renders the demo domain's training hours
# (assets/demo-corpus/generate.sh --hours: every espeak-ng accent x variant and flite voice, Festival's
# voices and the committed corpus's val/test voices left out), imports them, trains
# assets/demo-model/train-config.yaml, builds the domain trigram LM from the training transcripts,
# tunes its weights on the val voices, measures the test voices (never heard in training) greedy and
# with the LM, and copies the checkpoint, the LM and the chosen decoding into assets/demo-model/.
#
# Usage: bench/train-demo-model.sh [WORKDIR]     (env: HOURS=16, default WORKDIR: <data dir>/demo-model-build)
# Run it again after an interruption: finished stages are skipped (stamps), training resumes from
# its newest complete checkpoint. About 2 hours on 2 idle cores (docs/PERFORMANCE.md has the figures).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
data_dir() {
  if [ -n "${ASRWB_HOME:-}" ]; then echo "$ASRWB_HOME"
  elif [ -n "${XDG_DATA_HOME:-}" ]; then echo "$XDG_DATA_HOME/asrwb"
  else echo "$HOME/.local/share/asrwb"; fi
}
work="${1:-$(data_dir)/demo-model-build}"
hours="${HOURS:-16}"
mkdir -p "$work" && chmod 700 "$work"
work="$(cd "$work" && pwd)"
db="$work/catalog" run="$work/run" lm="$work/lm.arpa"
cd "$root"
start=$(date +%s)
stage() { echo "== $(date -u +%H:%M:%S) [$(( ($(date +%s) - start) / 60 )) min] $*"; }

stage "rendering $hours h of training speech into $work/hours (kept if already there)"
assets/demo-corpus/generate.sh --hours "$hours" --out "$work/hours" --jobs 2

stage "importing the dataset demo-hours"
manifest_sha="$(sha256sum "$work/hours/demo-hours.jsonl" | cut -d' ' -f1)"
if [ "$(cat "$work/imported" 2>/dev/null)" != "$manifest_sha" ]; then
  [ -d "$run" ] && { echo "the training data changed since $run began: move it away to start over" >&2; exit 1; }
  rm -f "$db".mv.db "$db".lock.db "$db".trace.db "$db".secret
  ./asrwb --db "$db" dataset import --format nemo --name demo-hours "$work/hours/demo-hours.jsonl"
  echo "$manifest_sha" > "$work/imported"
fi

if [ ! -f "$run/finished" ]; then
  if ls -d "$run"/checkpoints/step-* >/dev/null 2>&1; then
    stage "resuming $run"
    ./asrwb --db "$db" resume "$run"
  else
    stage "training $run"
    rm -rf "$run"
    ./asrwb --db "$db" train --config assets/demo-model/train-config.yaml --dataset demo-hours --out "$run"
  fi
  touch "$run/finished"
fi
stage "training done"
ckpt="$(ls -d "$run"/checkpoints/step-* | sort | tail -n 1)"

stage "test voices, greedy"
./asrwb --db "$db" eval --model "$ckpt" --dataset demo-hours --split test | tee "$work/eval-greedy.txt"

stage "domain LM from the training transcripts (train split only)"
./asrwb --db "$db" lm build --dataset demo-hours --order 3 --out "$lm"

stage "tuning α and β on the val voices; the best pair becomes the checkpoint's default decoding"
./asrwb --db "$db" lm tune --model "$ckpt" --dataset demo-hours --split val --lm "$lm" --write | tee "$work/tune.txt"

stage "test voices, the default decoding (beam search with the LM)"
./asrwb --db "$db" eval --model "$ckpt" --dataset demo-hours --split test | tee "$work/eval-lm.txt"

stage "LM coverage: test sentences that occur verbatim in the LM's training text"
python3 - "$work/hours/demo-hours.jsonl" <<'PY'
import json, sys
rows = [json.loads(l) for l in open(sys.argv[1])]
train = {r["text"] for r in rows if r.get("split", "train") == "train"}
test = [r["text"] for r in rows if r.get("split") == "test"]
seen = sum(t in train for t in test)
print(f"{seen} of {len(test)} test sentences ({100 * seen / max(1, len(test)):.1f} %) occur verbatim in the training text")
PY

stage "copying $ckpt (model, LM, decoding) into assets/demo-model/"
rm -f assets/demo-model/model.zip assets/demo-model/state.json assets/demo-model/SHA256SUMS \
  assets/demo-model/lm.arpa assets/demo-model/decoding.yaml
cp "$ckpt"/model.zip "$ckpt"/state.json "$ckpt"/SHA256SUMS "$ckpt"/lm.arpa "$ckpt"/decoding.yaml assets/demo-model/
stage "demo model: $(du -sh assets/demo-model/model.zip | cut -f1) model, $(du -sh assets/demo-model/lm.arpa | cut -f1) LM; total $(( ($(date +%s) - start) / 60 )) min"
