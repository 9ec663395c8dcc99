#!/usr/bin/env bash
# Takes the README's screenshots from the real app under Xvfb (real glass + prism, not Monocle):
# a fresh catalog and data dir, the demo corpus imported on first start, two short real training
# runs of the tiny preset, the demo model transcribing a demo clip; then the Errors, A/B, word-span,
# Record and Re-label views from catalogs of their own, and the remote tabs from RemoteViewsUiIT. Writes docs/screenshots/*.png
# (1024×640, the window's first size on a 1280×800 screen; 80 % of that where a spectrogram's noise keeps the file over ~150 KB).
# Usage: docs/screenshots/take.sh [OUT_DIR]      (default: docs/screenshots)
# Needs: xvfb-run (Debian: xvfb), ImageMagick (convert, identify). About 12 minutes on 2 quiet cores.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
out="$(mkdir -p "${1:-$root/docs/screenshots}" && cd "${1:-$root/docs/screenshots}" && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

cd "$root"
# package compiles the test classes too (-Dmaven.test.skip=false undoes the root pom's no-test-build-without-tests); a second goal
# (test-compile) would copy the runtime libs again against unpackaged reactor modules and fail.
./mvnw -B -q -o -pl app -am -DskipTests -Dmaven.test.skip=false package >&2
user_data="${XDG_DATA_HOME:-$HOME/.local/share}/asrwb"
# ASRWB_HOME: new runs go to the temp data dir; ND4J's unpacked natives stay in the user's own
# (unpacking them costs ~400 MB and a minute).
ASRWB_HOME="$work/home" xvfb-run -a -s "-screen 0 1280x800x24" \
  java -Xmx2g -Dorg.bytedeco.javacpp.cachedir="$user_data/javacpp" \
    -Dasrwb.db="$work/catalog" -Dasrwb.settings="$work/settings.properties" -Dasrwb.assets="$root/assets" \
    -DASRWB_LOG_LEVEL=INFO \
    -cp "app/target/asrwb-app.jar:app/target/test-classes:app/target/lib/*" \
    io.asrwb.app.workbench.ScreenshotTour "$work/shots"
# The views the tour gives no data of their own, each from a catalog of its own: Errors (with the A/B and
# word-span shots), Record and Re-label; then the Hosts and Remote jobs tabs from their UI test, which
# runs a loopback SSH server.
for main in io.asrwb.app.errors.ErrorsScreenshots io.asrwb.app.record.RecordScreenshots \
            io.asrwb.app.relabel.RelabelScreenshots; do
  mkdir -p "$work/${main##*.}"
  ASRWB_HOME="$work/home" xvfb-run -a -s "-screen 0 1280x800x24" \
    java -Xmx2g -Dorg.bytedeco.javacpp.cachedir="$user_data/javacpp" \
      -cp "app/target/asrwb-app.jar:app/target/test-classes:app/target/lib/*:engine/target/test-classes" \
      "$main" "$work/shots" "$work/${main##*.}"
done
./mvnw -B -q -o -pl app -am verify -Dtest=none -Dsurefire.failIfNoSpecifiedTests=false \
  -Dit.test=RemoteViewsUiIT -Dfailsafe.failIfNoSpecifiedTests=false -Dasrwb.screenshots="$work/shots" >&2

# Keep each PNG small for the repository (~150 KB): full colour or a 256-colour palette,
# whichever is smaller; where a spectrogram's noise keeps it bigger, the same at 80 % size, then
# with fewer palette colours.
limit=153600
variant() { # $1 source, $2 target, $3 colours (0: full colour)
  if [ "$3" = 0 ]; then
    convert "$1" -define png:compression-level=9 "$2"
  else
    convert "$1" +dither -colors "$3" -define png:compression-level=9 "PNG8:$2"
  fi
}
for f in "$work"/shots/*.png; do
  name="$(basename "$f")"
  convert "$f" -resize 80% "$work/scaled.png"
  best=""
  for candidate in "$f 0" "$f 256" "$work/scaled.png 256" "$work/scaled.png 128" "$work/scaled.png 64"; do
    read -r src colours <<< "$candidate"
    variant "$src" "$work/try.png" "$colours"
    if [ -z "$best" ] || [ "$(stat -c %s "$work/try.png")" -lt "$(stat -c %s "$best")" ]; then
      cp "$work/try.png" "$work/best.png"
      best="$work/best.png"
    fi
    [ "$(stat -c %s "$best")" -le "$limit" ] && break
  done
  cp "$best" "$out/$name"
  echo "$out/$name: $(identify -format '%wx%h' "$out/$name"), $(stat -c %s "$out/$name") bytes"
done
