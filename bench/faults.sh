#!/usr/bin/env bash
# Fault benchmark (docs/RELIABILITY.md): kill -9 a real training run at N seeded-random moments
# (resuming it after each) and compare every step's loss, bit for bit, with an uninterrupted run;
# kill -9 the process serving a shared catalog during another process's import, N' times, and check
# the catalog opens and holds the dataset whole or not at all. Prints a table per part and
# `kills survived: a/b (training), c/d (catalog)`; exits 1 if any kill was not survived.
# Usage: bench/faults.sh [N=20] [SEED=1] [--catalog-kills 10] [--steps 60] [--utterances 5000]
#        [--kills N] [--seed S]   (--kills 0 or --catalog-kills 0 skips that part)
# Env: KEEP=1 keeps the scratch folder (logs/ has every process's output) and prints its path.
# Takes ~5-10 minutes on an idle 2-core machine with the defaults.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
work="$(mktemp -d)"
chmod 700 "$work"
cleanup() {
  if [ "${KEEP:-0}" = 1 ]; then echo "faults: scratch folder kept: $work" >&2; else rm -rf "$work"; fi
}
trap cleanup EXIT

cd "$root"
./mvnw -B -q -o -pl engine -am -DskipTests -Dmaven.test.skip=false package test-compile >&2
cp="engine/target/asrwb-engine.jar:engine/target/test-classes:engine/target/lib/*"
echo "load before: $(uptime)"
status=0
java -cp "$cp" io.asrwb.engine.bench.faults.FaultBench --work "$work" "$@" || status=$?
echo "load after: $(uptime)"
exit "$status"
