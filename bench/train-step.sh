#!/usr/bin/env bash
# Training-step throughput against the PyTorch peer (issue 4): our trainer's step
# (`asrwb bench train-step`) and shared/peers/ds2_torch.py on the same shapes and thread count,
# run alternately (ours, peer, ours, peer, ...) so machine noise falls on both alike. Prints each
# run's JSON line, then the median ratio ours/peer of audio_s_per_s and of peak RSS, with the load
# average before and after. BatchNorm on both sides: the peer has BatchNorm2d after its
# convolutions and the `small` preset has model.conv_batch_norm: true (neither has it between LSTMs).
# Usage: bench/train-step.sh [ROUNDS=2]   (env: STEPS=10 WARMUP=2 BATCH=8 FRAMES=400 THREADS=2,
#        PEER=path of ds2_torch.py, default ../shared/peers/ds2_torch.py beside the repository)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
rounds="${1:-2}"
steps="${STEPS:-10}" warmup="${WARMUP:-2}" batch="${BATCH:-8}" frames="${FRAMES:-400}" threads="${THREADS:-2}"
peer="${PEER:-$root/../shared/peers/ds2_torch.py}"
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
[ -f "$peer" ] || { echo "train-step.sh: no peer at $peer; set PEER=path/to/ds2_torch.py" >&2; exit 2; }

cd "$root"
./mvnw -B -q -o -pl engine -DskipTests package >&2
export OMP_NUM_THREADS="$threads"
results="$(mktemp)"
trap 'rm -f "$results"' EXIT
echo "load before: $(uptime)"
for round in $(seq 1 "$rounds"); do
  ./asrwb bench train-step --preset small --batch "$batch" --frames "$frames" --steps "$steps" \
    --warmup "$warmup" --threads "$threads" | tail -n 1 | tee -a "$results"
  "$python" "$peer" --batch "$batch" --frames "$frames" --steps "$steps" --warmup "$warmup" \
    --threads "$threads" | tail -n 1 | tee -a "$results"
done
echo "load after: $(uptime)"
"$python" - "$results" <<'PY'
import json, statistics, sys
runs = [json.loads(line) for line in open(sys.argv[1]) if line.strip()]
ours = [r for r in runs if r.get("impl") == "asrwb"]
peer = [r for r in runs if r.get("peer") == "pytorch"]
def med(rs, key): return statistics.median(r[key] for r in rs)
print(json.dumps({"summary": "ours/peer", "rounds": len(ours),
                  "ours_audio_s_per_s": med(ours, "audio_s_per_s"), "peer_audio_s_per_s": med(peer, "audio_s_per_s"),
                  "throughput_ratio": round(med(ours, "audio_s_per_s") / med(peer, "audio_s_per_s"), 3),
                  "ours_peak_rss_mb": med(ours, "peak_rss_mb"), "peer_peak_rss_mb": med(peer, "peak_rss_mb"),
                  "rss_ratio": round(med(ours, "peak_rss_mb") / med(peer, "peak_rss_mb"), 2),
                  "bar": "throughput_ratio >= 1.2 (issue 13, BN on both sides) and rss_ratio <= 2"}))
PY
