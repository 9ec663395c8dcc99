#!/usr/bin/env bash
# What sharing the catalog between processes costs (docs/PERFORMANCE.md, "Catalog shared between
# processes"): opening it as the first process (embedded file + loopback server) vs as a second
# one (through the first's port), and an import done directly vs through a second process.
# Usage: bench/catalog-shared.sh [RUNS]      (RUNS fresh JVMs per open figure, default 5)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
runs="${1:-5}"
work="$(mktemp -d)"
holder_pid=""
cleanup() {
  if [ -n "$holder_pid" ]; then kill "$holder_pid" 2> /dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

cd "$root"
./mvnw -B -q -o -pl engine -DskipTests -Dmaven.test.skip=false package test-compile >&2
cp="engine/target/asrwb-engine.jar:engine/target/test-classes:engine/target/lib/*"
bench() { java -cp "$cp" io.asrwb.engine.bench.ImportBench "$@"; }
cli() { java -XX:TieredStopAtLevel=1 -cp "$cp" io.asrwb.engine.cli.Main "$@"; }

hold() { # keeps $1 open in another JVM (the first process) until the script ends
  mkfifo "$work/stdin"
  java -cp "$cp" io.asrwb.engine.store.CatalogSubprocessMain hold "$1" < "$work/stdin" > "$work/holder.out" 2>&1 &
  holder_pid=$!
  exec 3> "$work/stdin"
  until grep -q '^ready' "$work/holder.out"; do sleep 0.1; done
}

demo_import() { # $1: catalog, $2: dataset name; prints the wall seconds of the whole CLI run
  local t0 t1
  t0=$(date +%s.%N)
  cli --db "$1" dataset import --format nemo --name "$2" assets/demo-corpus/train.jsonl > /dev/null
  t1=$(date +%s.%N)
  echo "$t1 - $t0" | bc -l
}

bench open "$work/catalog" > /dev/null # creates and migrates it; not timed
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
# measure AS DATASET_NAME IMPORT_PATH: opens, a demo import and a 100k import, as one kind of process
measure() {
  echo "open as $1 (fresh JVM each):"
  for ((r = 1; r <= runs; r++)); do bench open "$work/catalog" | sed 's/^/  /'; done
  printf '  demo corpus import (CLI, JVM start to exit): %.2f s\n' "$(demo_import "$work/catalog" "$2")"
  echo "catalog part of a 100k import, $3:"
  bench store "$work/catalog" 100000 2>&1 | grep stored | sed 's/^/  /'
}
measure "the first process" demo-direct direct

hold "$work/catalog"
measure "a second process, while another JVM holds it" demo-second "through the holder's port"
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
