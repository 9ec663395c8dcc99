#!/bin/sh
# Launcher of one ASR Workbench remote job, written into its job folder at submission (do not
# edit). It runs the engine CLI headless; the workbench starts it detached (setsid nohup) and
# follows run/events.jsonl. No user data is written into this file: names arrive as arguments.
#   sh run.sh train DATASET_NAME   import the dataset (folder named in dataset.dir) into the job's
#                                  own catalog, then train (start over when run/ holds an attempt
#                                  that ended before its first checkpoint)
#   sh run.sh resume [DATASET_NAME] go on from the newest complete checkpoint; with the name, a
#                                  host that took the job over imports the dataset first
# job.pid: this shell's pid, which is also the process group the workbench signals to stop it.
# exit.status: the engine's exit status once it ended (missing when it was killed first).
# spark.args, spark.env (a Spark job's driver only, written by the workbench): the driver's
# --spark-* words (no spaces in them) and NAME=value lines for its environment; with them java
# also reads Spark's JVM options from spark-home/java-options.
cd "$(dirname "$0")" || exit 1
# A TERM to the group reaches java too, which stops at the next step and writes its last event;
# with a trap this shell waits for java instead of dying first, so exit.status is still written.
# (Set before job.pid appears: nobody can signal the group before the trap is in place.)
trap 'echo "run.sh: stop requested" >&2' TERM
rm -f exit.status
echo $$ > job.pid.tmp && mv job.pid.tmp job.pid
base=../..
spark_args=""
spark_java=""
if [ -f spark.args ]; then
  spark_args=$(cat spark.args)
  spark_java="@spark-home/java-options"
  while IFS= read -r kv; do export "$kv"; done < spark.env
fi
# Large arrays on 2 MiB pages: far fewer first-touch page faults per training step (as ./asrwb).
case "${GLIBC_TUNABLES:-}" in
  *glibc.malloc.hugetlb=*) ;;
  "") export GLIBC_TUNABLES=glibc.malloc.hugetlb=1 ;;
  *) export GLIBC_TUNABLES="$GLIBC_TUNABLES:glibc.malloc.hugetlb=1" ;;
esac
# The engine's Vector API kernels (depthwise convolutions ~10x faster), where this box's Java has
# the module (a full JDK or JRE does; a trimmed runtime may not, and then trains on plain loops).
vector=""
if java --list-modules 2>/dev/null | grep -q '^jdk.incubator.vector@'; then
  vector=--add-modules=jdk.incubator.vector
fi
engine() {
  # shellcheck disable=SC2086 # ASRWB_JAVA_OPTS holds several options on purpose
  java -Xlog:disable -Xlog:all=error:stderr ${ASRWB_JAVA_OPTS:--Xmx2g} $vector \
    -Dorg.bytedeco.javacpp.maxbytes="${ASRWB_OFFHEAP:-6G}" \
    -Dorg.bytedeco.javacpp.maxphysicalbytes="${ASRWB_MAXPHYS:-12G}" \
    -Dorg.bytedeco.javacpp.cachedir="$base/javacpp" $spark_java \
    -cp "$(cat classpath.txt)" io.asrwb.engine.cli.Main --db catalog "$@"
}
status=0
import_dataset() {
  if [ ! -f dataset.imported ]; then
    engine dataset import --format nemo --name "$1" "$(cat dataset.dir)" || status=$?
    if [ "$status" = 0 ]; then touch dataset.imported; fi
  fi
}
case "${1:-}" in
  train)
    import_dataset "$2"
    if [ "$status" = 0 ] && [ -f run/config.yaml ]; then
      # started before and ended before its first checkpoint: `train` refuses a folder that holds
      # a run, `resume` starts it over there (readers drop the earlier attempt's steps)
      # shellcheck disable=SC2086 # one word per --spark-* argument on purpose
      engine resume run $spark_args || status=$?
    elif [ "$status" = 0 ]; then
      # shellcheck disable=SC2086 # one word per --spark-* argument on purpose
      engine train --config job.yaml --dataset "$2" --out run $spark_args || status=$?
    fi
    ;;
  resume)
    if [ -n "${2:-}" ]; then import_dataset "$2"; fi
    if [ "$status" = 0 ]; then
      # shellcheck disable=SC2086 # one word per --spark-* argument on purpose
      engine resume run $spark_args || status=$?
    fi
    ;;
  *)
    echo "usage: sh run.sh train DATASET_NAME | sh run.sh resume [DATASET_NAME]" >&2
    status=2
    ;;
esac
echo "$status" > exit.status.tmp && mv exit.status.tmp exit.status
exit "$status"
