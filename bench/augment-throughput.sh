#!/usr/bin/env bash
# Augmenter throughput on one thread: utterances/s (4 s each, a real voice) with nothing on, with
# recorded rooms, recorded backgrounds, both, and vocal tract warping (each at probability 1).
# Needs the Debian packages csoundqt-examples jconvolver-config-files etw-data
# asterisk-moh-opsound-wav. Rooms: csound's stairwell and big hall plus jconvolver's street, linked
# into a temporary folder (csound's folder also holds music, which is no room).
# Usage: bench/augment-throughput.sh [N=200]
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
./mvnw -B -q -o -pl engine -DskipTests -Dmaven.test.skip=false package test-compile >&2
cp="engine/target/asrwb-engine.jar:engine/target/test-classes:engine/target/lib/*"
rooms="$(mktemp -d)"
trap 'rm -rf "$rooms"' EXIT
for f in /usr/share/csoundqt/Examples/SourceMaterials/{Stairwell,impulse_big_hall}.wav \
  /usr/share/jconvolver/config-files/demo-reverbs/street2-{L,R}.wav; do
  ln -s "$f" "$rooms/"
done
java -cp "$cp" io.asrwb.engine.bench.AugmenterThroughputProbe "${1:-200}" "$rooms"
