#!/usr/bin/env bash
# Builds the real-speech corpus (build.py) from Debian's packages; checks the tools and packages first.
# Usage: assets/real-speech/build.sh [--out DIR] [--splices N] [--jobs N]
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
missing=()
for tool in python3 sox soxi ffmpeg; do command -v "$tool" >/dev/null || missing+=("$tool"); done
if [ ${#missing[@]} -gt 0 ]; then
  echo "build.sh: missing ${missing[*]}: sudo apt-get install -y python3 sox libsox-fmt-all ffmpeg" >&2
  exit 2
fi
exec python3 "$here/build.py" "$@"
