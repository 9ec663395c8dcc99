#!/usr/bin/env bash
# Generates the demo corpus (audio/, train/val/test.jsonl) in this folder. Deterministic from the seed;
# re-running keeps existing files unless the generator, its options or the tool versions changed.
# Usage: assets/demo-corpus/generate.sh [--jobs N] [--seed S] [--utts-per-voice N] [--out DIR] ...
#        assets/demo-corpus/generate.sh --hours N --out DATA_DIR [--jobs N]   (training speech at scale, hours.py)
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"

# command:Debian package
declare -A missing=()
for tool in python3:python3 espeak-ng:espeak-ng flite:flite sox:sox soxi:sox flac:flac; do
  command -v "${tool%%:*}" >/dev/null 2>&1 || missing["${tool##*:}"]=1
done
if ((${#missing[@]})); then
  echo "generate.sh: missing tools; install them with:" >&2
  echo "  sudo apt-get install -y ${!missing[*]}" >&2
  exit 1
fi
for voice in kal kal16 awb rms slt; do
  if ! flite -lv | grep -qw "$voice"; then
    echo "generate.sh: flite has no voice '$voice' (flite -lv); install Debian's flite 2.2 package" >&2
    exit 1
  fi
done

# --hours N --out DIR: hours of training speech from every voice into a data folder (hours.py).
for arg in "$@"; do
  if [ "$arg" = "--hours" ] || [[ "$arg" == --hours=* ]] || [ "$arg" = "--list-voices" ]; then
    exec python3 "$here/hours.py" "$@"
  fi
done
exec python3 "$here/generate.py" "$@"
