#!/usr/bin/env bash
# Times `./asrwb dataset import --format nemo` of a 100k-utterance NeMo manifest (100k distinct
# 0.1–0.6 s WAVs), JVM start to exit: headers probed, rows batch-inserted in one transaction.
# Bar: ≤ 5 s on the 2-core build machine (see docs/PERFORMANCE.md).
# Usage: bench/import-100k.sh [WORKDIR] [N] [RUNS]
#   WORKDIR default: a temp dir, removed afterwards (pass one to keep the generated WAVs)
#   RUNS    timed imports (default 5); the median is reported with the load average
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
n="${2:-100000}"
runs="${3:-5}"
work="${1:-}"
if [ -z "$work" ]; then
  work="$(mktemp -d)"
  trap 'rm -rf "$work"' EXIT
fi
mkdir -p "$work"
work="$(cd "$work" && pwd)"

cd "$root"
./mvnw -B -q -o -pl engine -DskipTests -Dmaven.test.skip=false package test-compile >&2
cp="engine/target/asrwb-engine.jar:engine/target/test-classes:engine/target/lib/*"

if [ ! -f "$work/data/manifest.json" ] || [ "$(wc -l < "$work/data/manifest.json")" -ne "$n" ]; then
  rm -rf "$work/data"
  java -cp "$cp" io.asrwb.engine.bench.ImportBench generate "$work/data" "$n"
fi
rm -f "$work"/catalog*

echo "catalog part only (checks + one-transaction insert, no file reads, full JIT):"
java -cp "$cp" io.asrwb.engine.bench.ImportBench store "$work/catalog-store" "$n" 2>&1 \
  | grep -E 'import stage:|stored' | sed 's/.*import stage: /  /'
rm -f "$work"/catalog-store*

import() { # $1: catalog path; the launcher's own JVM flags, as a user gets them
  ./asrwb --db "$1" dataset import --format nemo --name bench100k "$work/data/manifest.json"
}

# The first run after a build writes the launcher's class-data archive (slower, not timed).
import "$work/catalog-warmup" > /dev/null
rm -f "$work"/catalog-warmup*

echo "full import through the CLI, JVM start to exit ($runs runs):"
echo "  load before: $(cut -d' ' -f1-3 /proc/loadavg)"
times=()
TIMEFORMAT='%R %U %S'
for ((r = 1; r <= runs; r++)); do
  rm -f "$work"/catalog*
  # wall, user and system CPU seconds of the whole run; CPU time says more than wall time
  # when other work shares the cores
  { time import "$work/catalog" > "$work/import.out" 2> "$work/import.err"; } 2> "$work/time.out"
  read -r wall user sys < "$work/time.out"
  times+=("$wall")
  printf '  run %d: %.2f s wall, %.2f s CPU (user %.2f + sys %.2f)\n' "$r" "$wall" \
    "$(echo "$user + $sys" | bc -l)" "$user" "$sys"
done
echo "  load after:  $(cut -d' ' -f1-3 /proc/loadavg)"
tail -n 3 "$work/import.out" | sed 's/^/  /'
median=$(printf '%s\n' "${times[@]}" | sort -g | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}')
printf 'import of %d utterances: median %.2f s wall over %d runs\n' "$n" "$median" "$runs"

# One more run with the stage timings (DEBUG) and the class-load log: where the time goes, and a
# check that the import path loads no ND4J/DL4J/JavaCPP class (their native start costs seconds).
rm -f "$work"/catalog*
echo "stages of one more run:"
ASRWB_JAVA_OPTS="-Xmx2g -DASRWB_LOG_LEVEL=DEBUG -Xlog:class+load:file=$work/classes.log" import "$work/catalog" 2>&1 \
  | grep 'import stage:' | sed 's/.*import stage: /  /'
nd4j=$(grep -cE 'org\.nd4j|org\.deeplearning4j|org\.bytedeco' "$work/classes.log" || true)
echo "  classes loaded: $(wc -l < "$work/classes.log"), of which ND4J/DL4J/JavaCPP: $nd4j"
rm -f "$work"/catalog* "$work/classes.log" "$work/import.out" "$work/import.err" "$work/time.out"
