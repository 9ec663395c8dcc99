#!/usr/bin/env bash
# Times `asrwb dataset import` of a 100k-utterance NeMo manifest (100k distinct 0.1–0.6 s WAVs):
# headers probed, rows batch-inserted in one transaction. Bar: ≤ 5 s (see docs/PERFORMANCE.md).
# Usage: bench/import-100k.sh [WORKDIR] [N]   (WORKDIR default: a temp dir, removed afterwards)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
n="${2:-100000}"
work="${1:-}"
if [ -z "$work" ]; then
  work="$(mktemp -d)"
  trap 'rm -rf "$work"' EXIT
fi
mkdir -p "$work"

cd "$root"
./mvnw -B -q -o -pl engine -DskipTests package test-compile >&2
cp="engine/target/asrwb-engine.jar:engine/target/test-classes:engine/target/lib/*"

if [ ! -f "$work/data/manifest.json" ] || [ "$(wc -l < "$work/data/manifest.json")" -ne "$n" ]; then
  rm -rf "$work/data"
  java -cp "$cp" io.asrwb.engine.bench.ImportBench generate "$work/data" "$n"
fi
rm -f "$work"/catalog*

echo "catalog part only (checks + one-transaction insert, no file reads):"
java -cp "$cp" io.asrwb.engine.bench.ImportBench store "$work/catalog-store" "$n"
rm -f "$work"/catalog-store*

# Drop nothing from the page cache (not root); the WAVs were just written, as after a copy.
echo "full import through the CLI (JVM start included):"
start=$(date +%s.%N)
java ${ASRWB_JAVA_OPTS:--Xmx2g} -cp "engine/target/asrwb-engine.jar:engine/target/lib/*" io.asrwb.engine.cli.Main \
  --db "$work/catalog" dataset import --format nemo --name bench100k "$work/data/manifest.json" | tail -n 4
end=$(date +%s.%N)
printf 'import of %d utterances: %.2f s wall\n' "$n" "$(echo "$end - $start" | bc -l)"
