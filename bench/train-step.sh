#!/usr/bin/env bash
# Training-step throughput against a PyTorch peer (issues 4 and 16): our trainer's step
# (`asrwb bench train-step --preset P`) and a PyTorch model of the same shapes on the same thread
# count, run alternately (ours, peer, ours, peer, ...) so machine noise falls on both alike. Prints
# each run's JSON line, then the median ratio ours/peer of audio_s_per_s and of peak RSS, with the
# load average before and after.
#   PRESET=small       shared/peers/ds2_torch.py at its defaults (DS2-small); BatchNorm on both sides
#                      (the peer's BatchNorm2d after its convolutions, the preset's conv_batch_norm).
#   PRESET=large       ds2_torch.py with --hidden 1024 --layers 5 (deepspeech.pytorch's default);
#                      the preset also normalises between its LSTMs, the peer does not (ours does more).
#   PRESET=wav2letter  bench/peers/w2l_torch.py: the preset's 1-D convolution stack (ours, written here).
#   PRESET=quartznet   bench/peers/quartznet_torch.py: QuartzNet 5x5, separable convolutions and residual
#                      blocks (issue 23; ours, written here).
# Usage: bench/train-step.sh [ROUNDS=2]   (env: PRESET=small STEPS=10 WARMUP=2 BATCH=8 FRAMES=400
#        THREADS=2, PEER=path of the peer script, ASRWB=a launcher to use as is instead of building)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
rounds="${1:-2}"
preset="${PRESET:-small}"
steps="${STEPS:-10}" warmup="${WARMUP:-2}" batch="${BATCH:-8}" frames="${FRAMES:-400}" threads="${THREADS:-2}"
case "$preset" in
  small) peer_default="$root/../shared/peers/ds2_torch.py"; peer_args=() ;;
  large) peer_default="$root/../shared/peers/ds2_torch.py"; peer_args=(--hidden 1024 --layers 5) ;;
  wav2letter) peer_default="$root/bench/peers/w2l_torch.py"; peer_args=() ;;
  quartznet) peer_default="$root/bench/peers/quartznet_torch.py"; peer_args=() ;;
  *) echo "train-step.sh: PRESET=$preset has no peer; use small, large, wav2letter or quartznet" >&2; exit 2 ;;
esac
peer="${PEER:-$peer_default}"
python=/usr/bin/python3   # Debian's, where python3-torch lives (not a pyenv one)

# Without libopenblas0-pthread Debian's torch falls back to reference BLAS (~30x slower): refuse.
missing=()
"$python" -c 'import torch' 2>/dev/null || missing+=(python3-torch)
dpkg -s libopenblas0-pthread >/dev/null 2>&1 || missing+=(libopenblas0-pthread)
if [ "${#missing[@]}" -gt 0 ]; then
  echo "train-step.sh: the peer needs ${missing[*]}; install with:" >&2
  echo "  apt-get install -y python3-torch libopenblas0-pthread" >&2
  exit 2
fi
[ -f "$peer" ] || { echo "train-step.sh: no peer at $peer; set PEER=path/to/the peer script" >&2; exit 2; }

cd "$root"
if [ -z "${ASRWB:-}" ]; then
  ./mvnw -B -q -o -pl engine -DskipTests package >&2
fi
asrwb="${ASRWB:-$root/asrwb}"
export OMP_NUM_THREADS="$threads"
results="$(mktemp)"
trap 'rm -f "$results"' EXIT
echo "preset $preset, peer $(basename "$peer") ${peer_args[*]:-}"
echo "load before: $(uptime)"
for round in $(seq 1 "$rounds"); do
  "$asrwb" bench train-step --preset "$preset" --batch "$batch" --frames "$frames" --steps "$steps" \
    --warmup "$warmup" --threads "$threads" | tail -n 1 | tee -a "$results"
  "$python" "$peer" --batch "$batch" --frames "$frames" --steps "$steps" --warmup "$warmup" \
    --threads "$threads" ${peer_args[@]+"${peer_args[@]}"} | tail -n 1 | tee -a "$results"
done
echo "load after: $(uptime)"
"$python" - "$results" "$preset" <<'PY'
import json, statistics, sys
runs = [json.loads(line) for line in open(sys.argv[1]) if line.strip()]
ours = [r for r in runs if r.get("impl") == "asrwb"]
peer = [r for r in runs if r.get("peer") == "pytorch"]
def med(rs, key): return statistics.median(r[key] for r in rs)
print(json.dumps({"summary": "ours/peer", "preset": sys.argv[2], "rounds": len(ours),
                  "ours_params": ours[0]["params"] if "params" in ours[0] else None, "peer_params": peer[0]["params"],
                  "ours_audio_s_per_s": med(ours, "audio_s_per_s"), "peer_audio_s_per_s": med(peer, "audio_s_per_s"),
                  "throughput_ratio": round(med(ours, "audio_s_per_s") / med(peer, "audio_s_per_s"), 3),
                  "ours_peak_rss_mb": med(ours, "peak_rss_mb"), "peer_peak_rss_mb": med(peer, "peak_rss_mb"),
                  "rss_ratio": round(med(ours, "peak_rss_mb") / med(peer, "peak_rss_mb"), 2),
                  "bar": "throughput_ratio >= 1 and rss_ratio <= 1.2 (issues 16, 23)"}))
PY
