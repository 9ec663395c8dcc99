#!/usr/bin/env bash
# Takes the README's screenshots from the real app under Xvfb (real glass + prism, not Monocle):
# a fresh catalog and data dir, the demo corpus imported on first start, two short real training
# runs of the tiny preset, the demo model transcribing a demo clip. Writes docs/screenshots/*.png
# (1280×800; palette PNGs when a full-colour one would pass ~150 KB).
# Usage: docs/screenshots/take.sh [OUT_DIR]      (default: docs/screenshots)
# Needs: xvfb-run (Debian: xvfb), ImageMagick's convert. About 3 minutes on 2 cores.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
out="$(mkdir -p "${1:-$root/docs/screenshots}" && cd "${1:-$root/docs/screenshots}" && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

cd "$root"
./mvnw -B -q -o -pl app -am -DskipTests package test-compile >&2
user_data="${XDG_DATA_HOME:-$HOME/.local/share}/asrwb"
# ASRWB_HOME: new runs go to the temp data dir; ND4J's unpacked natives stay in the user's own
# (unpacking them costs ~400 MB and a minute).
ASRWB_HOME="$work/home" xvfb-run -a -s "-screen 0 1280x800x24" \
  java -Xmx2g -Dorg.bytedeco.javacpp.cachedir="$user_data/javacpp" \
    -Dasrwb.db="$work/catalog" -Dasrwb.settings="$work/settings.properties" -Dasrwb.assets="$root/assets" \
    -DASRWB_LOG_LEVEL=INFO \
    -cp "app/target/asrwb-app.jar:app/target/test-classes:app/target/lib/*" \
    io.asrwb.app.ScreenshotTour "$work/shots"

for f in "$work"/shots/*.png; do
  name="$(basename "$f")"
  if [ "$(stat -c %s "$f")" -gt 150000 ]; then
    convert "$f" -colors 256 "PNG8:$out/$name"
  else
    cp "$f" "$out/$name"
  fi
  echo "$out/$name: $(stat -c %s "$out/$name") bytes"
done
