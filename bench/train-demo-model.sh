#!/usr/bin/env bash
# Builds the bundled demo model from nothing, resumably, on synthetic and real speech:
#  1. renders the demo domain's synthetic training hours (assets/demo-corpus/generate.sh --hours: espeak-ng
#     and flite voices; Festival's, the committed corpus's val/test voices and their near-twins left out;
#     the committed test's sentences never spoken);
#  2. builds the real-speech corpus from Debian's packages (assets/real-speech/build.sh: Asterisk's voice
#     split by sentence, spliced number sentences, more real voices; saytime, alsa-utils and
#     pocketsphinx-testdata held out as the real evaluation speakers);
#  3. gathers real noise recordings from Debian's packages into WORKDIR/noises;
#  4. imports one dataset (synthetic + real train/val, the committed corpus's held-out test), checks that
#     no test sentence is a training sentence, trains assets/configs/demo-real-speech.yaml, builds the
#     trigram LM from the training transcripts, tunes its weights on val, evaluates the synthetic test and
#     every real evaluation set per speaker, and (with INSTALL=1) copies the checkpoint, LM and decoding into
#     assets/demo-model/. The recipe does not beat the shipped model on real speech yet (docs/PERFORMANCE.md
#     "Retraining on real speech"), so it installs nothing by default.
#
# Fine-tuning instead of training from nothing: FROM=assets/demo-model starts from that checkpoint's weights with
# assets/configs/demo-real-finetune.yaml (CONFIG=FILE picks another recipe); HOURS=0 trains on real speech only.
# Usage: bench/train-demo-model.sh [WORKDIR]  (env: HOURS=10 synthetic hours, SPLICES=1500, MAX_STEPS=N
#        (stop and end the cosine schedule there; default: the config's 3 epochs, 4 410 steps), default WORKDIR:
#        <data dir>/demo-model-build). Run it again after an interruption: finished stages are skipped
#        (stamps), training resumes from its newest complete checkpoint. Needs: apt-get install -y espeak-ng
#        flite sox libsox-fmt-all flac ffmpeg python3 and the packages assets/real-speech/build.sh names.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
data_dir() {
  if [ -n "${ASRWB_HOME:-}" ]; then echo "$ASRWB_HOME"
  elif [ -n "${XDG_DATA_HOME:-}" ]; then echo "$XDG_DATA_HOME/asrwb"
  else echo "$HOME/.local/share/asrwb"; fi
}
work="${1:-$(data_dir)/demo-model-build}"
hours="${HOURS:-10}" splices="${SPLICES:-1500}" MAX_STEPS="${MAX_STEPS:-}" from="${FROM:-}"
recipe=speech; [ -n "$from" ] && recipe=finetune
config="${CONFIG:-assets/configs/demo-real-$recipe.yaml}"
[ -n "$from" ] && from="$(cd "$from" && pwd)"
mkdir -p "$work" && chmod 700 "$work"
work="$(cd "$work" && pwd)"
db="$work/catalog" run="$work/run" lm="$work/lm.arpa" real="$work/real" all="$work/all"
cd "$root"
start=$(date +%s)
stage() { echo "== $(date -u +%H:%M:%S) [$(( ($(date +%s) - start) / 60 )) min] $*"; }

if [ "$hours" != 0 ]; then
  stage "rendering $hours h of synthetic training speech into $work/hours (kept if already there)"
  assets/demo-corpus/generate.sh --hours "$hours" --out "$work/hours" --jobs 2
fi

stage "building the real-speech corpus into $real (kept if already there)"
[ -f "$real/all.jsonl" ] || assets/real-speech/build.sh --out "$real" --splices "$splices" --jobs 2

stage "real noise recordings into $work/noises (crowds, music on hold, sea: 16 kHz mono, at most 60 s each)"
if [ ! -f "$work/noises/done" ]; then
  mkdir -p "$work/noises"
  for f in /usr/share/games/etw/snd/crowd.wav /usr/share/games/etw/crowd/*.wav /usr/share/asterisk/moh/*.wav \
           /usr/share/csoundqt/Examples/SourceMaterials/Seashore.wav; do
    [ -f "$f" ] || { echo "missing $f: apt-get install -y etw-data asterisk-moh-opsound-wav csoundqt-examples" >&2; exit 2; }
    sox "$f" -b 16 "$work/noises/$(basename "$(dirname "$f")")-$(basename "$f")" remix - rate 16000 trim 0 60
  done
  touch "$work/noises/done"
fi
if grep -q '^    rir_dirs: \[rooms\]' "$config"; then
  stage "recorded rooms into $work/rooms (a stairwell, a big hall, a street: impulse responses)"
  mkdir -p "$work/rooms"
  for f in /usr/share/csoundqt/Examples/SourceMaterials/Stairwell.wav /usr/share/csoundqt/Examples/SourceMaterials/impulse_big_hall.wav \
           /usr/share/jconvolver/config-files/demo-reverbs/street2-L.wav; do
    [ -f "$f" ] || { echo "missing $f: apt-get install -y csoundqt-examples jconvolver-config-files" >&2; exit 2; }
    ln -sf "$f" "$work/rooms/"
  done
fi
# Training runs in WORKDIR, against which the config's relative noise folder resolves (so the checkpoint's
# recorded config names no machine's path).
# A recipe whose conditions draw recorded noises (noise_dirs) keeps the older noise stage off.
if grep -q '^    noise_dirs:' "$config"; then cp "$config" "$work/train-config.yaml"
else
  sed 's|^  noise: false$|  noise: true\n  noise_dir: noises|' "$config" > "$work/train-config.yaml"
  grep -q '^  noise_dir: noises$' "$work/train-config.yaml" || { echo "$config: no 'noise: false' line to turn on" >&2; exit 1; }
fi

stage "one dataset: synthetic hours + real speech (train/val), the committed corpus's test"
mkdir -p "$all"
if [ "$hours" != 0 ]; then ln -sfn "$work/hours" "$all/hours"; else rm -f "$all/hours"; fi
ln -sfn "$real" "$all/real"
python3 - "$all" <<'PY'
import json, sys
from pathlib import Path
sys.path.insert(0, "assets/real-speech")
from build import with_ids  # a corpus built before build.py wrote ids: its 8 kHz copies clash on stems
all_ = Path(sys.argv[1])
rows = []
for prefix, name in (("hours", "demo-hours.jsonl"), ("real", "train.jsonl")):
    if not (all_ / prefix).exists():
        continue
    part = [json.loads(line) for line in (all_ / prefix / name).read_text().splitlines()]
    for r in with_ids(part) if prefix == "real" else part:
        rows.append({**r, "audio_filepath": f"{prefix}/{r['audio_filepath']}"})
eval_rows = [json.loads(l) for l in (all_ / "real" / "eval.jsonl").read_text().splitlines()]
train = {r["text"] for r in rows if r["split"] == "train"}
tests = {r["text"] for r in rows if r["split"] == "test"} | {r["text"] for r in eval_rows if r["set"] == "asterisk"}
leaked = sorted(tests & train)
if leaked:
    sys.exit(f"{len(leaked)} test sentences are also training sentences, e.g. {leaked[:3]}: fix the splits")
with open(all_ / "demo-model.jsonl", "w") as f:
    for r in rows:
        f.write(json.dumps(r) + "\n")
with open(all_ / "real-eval.jsonl", "w") as f:
    for r in eval_rows:
        f.write(json.dumps({**r, "audio_filepath": f"real/{r['audio_filepath']}"}) + "\n")
print(f"{len(rows)} rows, {sum(r['duration'] for r in rows if r['split'] == 'train') / 3600:.2f} h of training "
      f"audio; {len(tests)} test sentences, none of them in training; {len(eval_rows)} real evaluation rows")
PY
manifest_sha="$(cat "$all/demo-model.jsonl" "$all/real-eval.jsonl" | sha256sum | cut -d' ' -f1)"
if [ "$(cat "$work/imported" 2>/dev/null)" != "$manifest_sha" ]; then
  [ -d "$run" ] && { echo "the training data changed since $run began: move it away to start over" >&2; exit 1; }
  rm -f "$db".mv.db "$db".lock.db "$db".trace.db "$db".secret
  ./asrwb --db "$db" dataset import --format nemo --name demo-model "$all/demo-model.jsonl"
  ./asrwb --db "$db" dataset import --format nemo --name real-eval "$all/real-eval.jsonl"
  echo "$manifest_sha" > "$work/imported"
fi

if [ ! -f "$run/finished" ]; then
  if ls -d "$run"/checkpoints/step-* >/dev/null 2>&1; then
    stage "resuming $run"
    (cd "$work" && "$root/asrwb" --db "$db" resume "$run")
  else
    stage "training $run"
    rm -rf "$run"
    (cd "$work" && "$root/asrwb" --db "$db" train --config "$work/train-config.yaml" --dataset demo-model --out "$run" \
      ${MAX_STEPS:+--max-steps "$MAX_STEPS"} ${from:+--init-from "$from"})
  fi
  touch "$run/finished"
fi
stage "training done"
ckpt="$(ls -d "$run"/checkpoints/step-* | sort | tail -n 1)"

stage "domain LM from the training transcripts (train split only)"
./asrwb --db "$db" lm build --dataset demo-model --splits train --order 3 --out "$lm"

stage "tuning α and β on val (synthetic val voices and Asterisk's val sentences); the best pair becomes the default"
./asrwb --db "$db" lm tune --model "$ckpt" --dataset demo-model --split val --lm "$lm" --write | tee "$work/tune.txt"

if [ "$hours" != 0 ]; then
  stage "synthetic test (unseen voices, unseen sentences), greedy and default decoding"
  ./asrwb --db "$db" eval --model "$ckpt" --dataset demo-model --split test --decoder greedy | tee "$work/eval-greedy.txt"
  ./asrwb --db "$db" eval --model "$ckpt" --dataset demo-model --split test | tee "$work/eval-lm.txt"
fi

stage "real evaluation sets, per set and per speaker (default decoding)"
./asrwb --db "$db" eval --model "$ckpt" --dataset real-eval --split test --errors "$work/real-eval-errors.json" \
  --by set --by speaker | tee "$work/eval-real.txt"

if [ "${INSTALL:-0}" != 1 ]; then
  stage "done: $ckpt (INSTALL=1 copies it into assets/demo-model/); total $(( ($(date +%s) - start) / 60 )) min"
  exit 0
fi
stage "copying $ckpt (model, LM, decoding) into assets/demo-model/"
rm -f assets/demo-model/model.zip assets/demo-model/state.json assets/demo-model/SHA256SUMS \
  assets/demo-model/lm.arpa assets/demo-model/decoding.yaml
cp "$ckpt"/model.zip "$ckpt"/state.json "$ckpt"/SHA256SUMS "$ckpt"/lm.arpa "$ckpt"/decoding.yaml assets/demo-model/
for f in "$ckpt"/training-data.json; do [ -f "$f" ] && cp "$f" assets/demo-model/; done
stage "demo model: $(du -sh assets/demo-model/model.zip | cut -f1) model, $(du -sh assets/demo-model/lm.arpa | cut -f1) LM; total $(( ($(date +%s) - start) / 60 )) min"
