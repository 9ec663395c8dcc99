#!/usr/bin/env bash
# Learning parity (issue 13): trains the same recipe on the same demo corpus with our engine and
# with a PyTorch mirror of it (bench/parity/ds2_torch_trainer.py: same features, model, init
# scheme, Adam as DL4J computes it, schedule, clipping, CTC scale, batch order), then prints val
# CER/WER per epoch side by side with the ratio ours/PyTorch, final test CER/WER, wall-clock of
# each whole run, time to val CER 10 %, and PASS/FAIL on the bar: ours' val CER at every epoch
# <= 1.1 x PyTorch's (medians over seeds). Both trainers run one after the other, never together.
# Usage: bench/learning-parity.sh [--seeds N] [--epochs E] [--config YAML] [--first-seed S]
#   --seeds N    seeds S .. S+N-1, S = --first-seed (default 1234, the presets' train.seed): train.seed
#                on our side; the same batch order and torch.manual_seed (initial weights) on the mirror's
#   --epochs E   default 10
#   --config     default bench/parity/tiny.yaml (the tiny preset, val split, evals at epoch ends)
#   env: THREADS=2 (OMP_NUM_THREADS of both; torch.set_num_threads), KEEP=1 keeps the work folder
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
seeds=1 first_seed=1234 epochs=10 config="$root/bench/parity/tiny.yaml"
while [ $# -gt 0 ]; do
  case "$1" in
    --seeds) seeds="$2"; shift 2 ;;
    --epochs) epochs="$2"; shift 2 ;;
    --first-seed) first_seed="$2"; shift 2 ;;
    --config) config="$(cd "$(dirname "$2")" && pwd)/$(basename "$2")"; shift 2 ;;
    *) echo "learning-parity.sh: unknown argument $1; usage: [--seeds N] [--epochs E] [--config YAML] [--first-seed S]" >&2; exit 2 ;;
  esac
done
threads="${THREADS:-2}"
python=/usr/bin/python3   # Debian's, where python3-torch lives (not a pyenv one)

missing=()
"$python" -c 'import torch' 2>/dev/null || missing+=(python3-torch)
"$python" -c 'import torchaudio' 2>/dev/null || missing+=(python3-torchaudio)
"$python" -c 'import soundfile' 2>/dev/null || missing+=(python3-soundfile)
"$python" -c 'import yaml' 2>/dev/null || missing+=(python3-yaml)
dpkg -s libopenblas0-pthread >/dev/null 2>&1 || missing+=(libopenblas0-pthread)
if [ "${#missing[@]}" -gt 0 ]; then
  echo "learning-parity.sh: the PyTorch mirror needs ${missing[*]}; install with:" >&2
  echo "  apt-get install -y python3-torch python3-torchaudio python3-soundfile python3-yaml libopenblas0-pthread" >&2
  exit 2
fi
[ -f "$config" ] || { echo "learning-parity.sh: no config at $config; pass --config path/to/run.yaml" >&2; exit 2; }

cd "$root"
# The mirror's own checks first: features against the engine's golden files, batch order, Adam.
(cd bench/parity && "$python" -m unittest -q test_ds2_torch_trainer 2>&1 | tail -n 1) \
  | grep -q '^OK' || { echo "learning-parity.sh: bench/parity/test_ds2_torch_trainer.py fails; the mirror is off" >&2; exit 1; }

work="$(mktemp -d)"
if [ "${KEEP:-0}" = 1 ]; then echo "work folder: $work"; else trap 'rm -rf "$work"' EXIT; fi
db="$work/catalog"
./asrwb --db "$db" dataset import --format nemo --name demo assets/demo-corpus/demo.jsonl >/dev/null
# The mirror reads the catalog's own view of the corpus: same ids, probed durations, splits.
./asrwb --db "$db" dataset export --format nemo demo "$work/export" >/dev/null
export OMP_NUM_THREADS="$threads"

# Prefixes each JSON line with the seconds since $1 (a `date +%s.%N` taken at launch) as "t";
# other lines go to stderr. An "exit" record marks when the trainer's output ended.
stamp() {
  "$python" -u -c '
import json, sys, time
start = float(sys.argv[1])
for line in sys.stdin:
    t = round(time.time() - start, 3)
    if line.startswith("{"):
        record = json.loads(line)
        record["t"] = t
        print(json.dumps(record), flush=True)
    else:
        sys.stderr.write(line)
print(json.dumps({"type": "exit", "t": round(time.time() - start, 3)}), flush=True)
' "$1"
}

echo "load before: $(uptime)"
seed_list=()
for i in $(seq 1 "$seeds"); do
  seed=$((first_seed + i - 1))
  seed_list+=("$seed")
  "$python" - "$config" "$work/ours-$seed.yaml" "$seed" "$epochs" <<'PY'
import sys, yaml
cfg = yaml.safe_load(open(sys.argv[1])) or {}
cfg.setdefault("train", {}).update({"seed": int(sys.argv[3]), "epochs": int(sys.argv[4])})
cfg.setdefault("data", {})["val_splits"] = ["val"]
cfg["train"]["eval_every_steps"] = 100000  # one val eval per epoch (at its end), as the mirror
yaml.safe_dump(cfg, open(sys.argv[2], "w"), sort_keys=False)
PY
  echo "seed $seed: ours ($epochs epochs) ..."
  start="$(date +%s.%N)"
  ./asrwb --porcelain --db "$db" train --config "$work/ours-$seed.yaml" --dataset demo --out "$work/run-$seed" \
    | stamp "$start" > "$work/ours-$seed.jsonl"
  ./asrwb --porcelain --db "$db" eval --model "$work/run-$seed" --dataset demo --split test \
    | grep '^{' > "$work/ours-$seed-test.jsonl"
  # The mirror trains exactly the config our run resolved (its started event).
  "$python" -c 'import json,sys; [print(json.dumps(json.loads(l)["config"])) for l in open(sys.argv[1]) if "\"started\"" in l][:1]' \
    "$work/ours-$seed.jsonl" | head -n 1 > "$work/config-$seed.json"
  echo "seed $seed: PyTorch ($epochs epochs) ..."
  start="$(date +%s.%N)"
  "$python" bench/parity/ds2_torch_trainer.py --config "$work/config-$seed.json" --manifests "$work/export" \
    --threads "$threads" | stamp "$start" > "$work/torch-$seed.jsonl"
done
echo "load after: $(uptime)"
echo "machine: $(getconf _NPROCESSORS_ONLN) cores, THREADS=$threads, $(java -version 2>&1 | head -n 1), torch $("$python" -c 'import torch; print(torch.__version__)')"
IFS=,; "$python" bench/parity/report.py "$work" "$epochs" "${seed_list[*]}"
