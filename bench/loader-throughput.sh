#!/usr/bin/env bash
# Data-loader throughput: utterances/s and audio-seconds/s the background loader produces from
# generated 4 s WAVs (161-bin spectrogram, batch 8), without augmentation, with speed + noise + SpecAugment, and with every recording condition too.
# Usage: bench/loader-throughput.sh [WORKDIR] [N=160] [WORKERS=2] [PREFETCH=4]
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
work="${1:-}"
if [ -z "$work" ]; then
  work="$(mktemp -d)"
  trap 'rm -rf "$work"' EXIT
fi
cd "$root"
./mvnw -B -q -o -pl engine -DskipTests -Dmaven.test.skip=false package test-compile >&2
cp="engine/target/asrwb-engine.jar:engine/target/test-classes:engine/target/lib/*"
java -cp "$cp" io.asrwb.engine.bench.LoaderThroughputProbe "$work" "${2:-160}" "${3:-2}" "${4:-4}"
