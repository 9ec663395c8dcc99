#!/usr/bin/env bash
# Memory of training steps with fixed-count batches vs batches cut by a budget of padded audio
# seconds (data.max_batch_seconds). Trains the tiny recipe for one epoch on the committed demo
# corpus (utterances of 0.4-4.7 s) both ways, batches shuffled across durations (no SortaGrad), and
# samples the training JVM's resident memory every 0.2 s: its peak (VmHWM) and how far the RSS
# still climbs after the first quarter of the run (a flat step memory stops climbing early).
# The heap is pinned and touched up front (-Xms = -Xmx, AlwaysPreTouch) so the RSS that moves is
# the native memory of the steps (ND4J's buffers and workspaces), not the JVM growing its heap.
# CORPUS=long trains on 1-16 s utterances joined from the demo corpus (bench/long-utterances.py)
# instead, where fixed-count batches of long utterances are what a budget is meant to tame.
# PRESET=small measures the DS2-small recipe, whose steps outweigh the JVM's own memory.
# Usage: [CORPUS=demo|long] [EPOCHS=1] [PRESET=tiny] bench/batch-memory.sh [BATCH=16] [BUDGET_SECONDS=28]
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
batch="${1:-16}"
budget="${2:-28}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cd "$root"
export ASRWB_JAVA_OPTS="${ASRWB_JAVA_OPTS:--Xms768m -Xmx768m -XX:+AlwaysPreTouch}"
db="$work/catalog"
corpus="${CORPUS:-demo}" epochs="${EPOCHS:-1}" max_duration=8.0
if [ "$corpus" = long ]; then
  python3 bench/long-utterances.py "$work/long" >&2
  manifest="$work/long/long.jsonl" max_duration=16.5
else
  manifest=assets/demo-corpus/demo.jsonl
fi
./asrwb --db "$db" dataset import --format nemo --name demo "$manifest" >/dev/null

run() { # mode, extra data lines
  local mode="$1" extra="$2"
  cat >"$work/$mode.yaml" <<YAML
preset: ${PRESET:-tiny}
data:
  dataset: demo
  sortagrad: false
  max_duration_s: $max_duration
  val_splits: []
$extra
train:
  epochs: $epochs
  eval_every_steps: 100000
  checkpoint_every_steps: 100000
YAML
  ./asrwb --porcelain --db "$db" train --config "$work/$mode.yaml" --dataset demo \
    --out "$work/run-$mode" >"$work/$mode.log" 2>&1 &
  local launcher=$! jpid="" samples="$work/$mode.rss"
  : >"$samples"
  while kill -0 "$launcher" 2>/dev/null; do
    [ -n "$jpid" ] || jpid="$(pgrep -f "run-$mode" | while read -r p; do
      [ "$(cat /proc/"$p"/comm 2>/dev/null)" = java ] && echo "$p"; done | head -1 || true)"
    if [ -n "$jpid" ] && [ -r "/proc/$jpid/status" ]; then
      awk '/VmRSS|VmHWM/ {printf "%s ", $2} END {print ""}' "/proc/$jpid/status" >>"$samples" || true
    fi
    sleep 0.2
  done
  wait "$launcher" || { cat "$work/$mode.log" >&2; exit 1; }
  local steps
  steps="$(grep -c '"type":"step"' "$work/run-$mode/events.jsonl" || true)"
  python3 - "$samples" "$mode" "$steps" <<'PY'
import sys
rows = [r.split() for r in open(sys.argv[1]) if len(r.split()) == 2]
rss = [int(r[0]) / 1024 for r in rows]
hwm = max(int(r[1]) for r in rows) / 1024
q = len(rss) // 4
print(f"{sys.argv[2]:7s} steps {sys.argv[3]:>4s}  peak RSS {hwm:7.0f} MiB  RSS at 1/4 of the run"
      f" {rss[q]:7.0f} MiB, climbs {max(rss) - rss[q]:5.0f} MiB after it ({len(rss)} samples)")
PY
}

echo "${PRESET:-tiny} recipe, $epochs epoch(s) of the $corpus corpus, shuffled across durations; batch_size $batch vs max_batch_seconds $budget"
run fixed "  batch_size: $batch"
run budget "  batch_size: 4096
  max_batch_seconds: $budget"
