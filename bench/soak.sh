#!/usr/bin/env bash
# Soak benchmark, "days without a restart" (docs/RELIABILITY.md): the real app, headless (Monocle),
# for SECONDS — tiny trainings one after another (Training tab), a demo clip transcribed every 10 s
# (Transcribe tab, the demo model and the newest trained checkpoint in turn), and every 5 minutes a
# tiny remote job on a loopback OpenSSH sshd (Remote jobs tab) whose SSH connections are killed
# mid-run, the attach re-made by the app, the job followed to its end and its event lines compared
# with the host's. bench/soak_sampler.py samples RSS, threads and open fds every 10 s into a CSV and
# exits 1 when one (RSS counted outside the Java heap) grew more than 5 % (median of the 2nd quarter vs the last quarter; the 1st
# quarter is warm-up) or the app counted an error.
# Usage: bench/soak.sh [SECONDS=3600] [REMOTE_EVERY_S=300]
# Env: KEEP=1 keeps the scratch folder (app.log, soak.csv, sshd.log); NICE (default 10);
# NO_BUILD=1 uses the jars and test classes as built; SOAK_CSV=FILE copies the samples there.
# Needs: openssh-server (sshd, sftp-server), java 17; builds the app with its test classes.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
seconds="${1:-3600}"
remote_every="${2:-300}"
sshd_bin="$(command -v sshd || echo /usr/sbin/sshd)"
sftp_server=/usr/lib/openssh/sftp-server
[ -x "$sshd_bin" ] && [ -x "$sftp_server" ] \
  || { echo "soak: needs openssh-server (sshd and $sftp_server)" >&2; exit 1; }

work="$(mktemp -d "${TMPDIR:-/tmp}/asrwb-soak.XXXXXX")"
chmod 700 "$work"
sshd_pid=""
cleanup() {
  [ -n "$sshd_pid" ] && kill "$sshd_pid" 2>/dev/null || true
  if [ "${KEEP:-0}" = 1 ]; then echo "soak: scratch folder kept: $work" >&2; else rm -rf "$work"; fi
}
trap cleanup EXIT
say() { echo "soak: $(date -u +%FT%TZ) $*"; }

cd "$root"
[ "${NO_BUILD:-0}" = 1 ] || ./mvnw -B -q -o -pl app -am -DskipTests -Dmaven.test.skip=false package >&2
monocle="$(find "$HOME/.m2/repository/org/testfx/openjfx-monocle" -name 'openjfx-monocle-*.jar' \
  | sort | tail -n 1)"
[ -n "$monocle" ] || { echo "soak: no openjfx-monocle jar in ~/.m2 (run the app's tests once)" >&2; exit 1; }

# --- the "remote" box: OpenSSH on a free loopback port, sessions confined to a scratch home ------
home="$work/box"
# ASRWB_HOME is the soak app's own below: the box and the app share the user's unpacked natives
source "$root/remote/src/test/resources/loopback-sshd.sh"
ASRWB_HOME= loopback_sshd_start "$work" "$home" soak \
  || { echo "soak: sshd did not start: $(cat "$work/sshd.log")" >&2; exit 1; }

# --- the catalog: 24 train and 8 val demo clips of at most 1 s; the host, trusted -----------------
export ASRWB_DB="$work/catalog"
corpus="$root/assets/demo-corpus"
mkdir -p "$work/corpus"
ln -s "$corpus/audio" "$work/corpus/audio"
awk -F'"duration": ' '{ split($2, d, ","); if (d[1] + 0 > 1.0) next }
  /"split": "train"/ && t < 24 { print; t++ } /"split": "val"/ && v < 8 { print; v++ }' \
  "$corpus/demo.jsonl" > "$work/corpus/soak.jsonl"
"$root/asrwb" dataset import --format nemo --name soak "$work/corpus/soak.jsonl" > /dev/null
fingerprint="$(ssh-keygen -lf "$work/host_key.pub" | awk '{ print $2 }')"
"$root/asrwb" host add box --address 127.0.0.1 --port "$port" --user "$(id -un)" \
  --key "$work/id_ed25519" --trust-fingerprint "$fingerprint" > /dev/null
cat > "$work/remote.yaml" <<'EOS'
preset: tiny
data:
  max_duration_s: 1.0
  batch_size: 2
  duration_buckets: 1
  val_splits: []
  loader_threads: 1
train:
  max_steps: 24
  eval_every_steps: 1000
  checkpoint_every_steps: 8
  keep_last: 2
EOS
clip="$corpus/$(head -n 1 "$work/corpus/soak.jsonl" | sed 's/.*"audio_filepath": "\([^"]*\)".*/\1/')"

# --- the app, sampled ----------------------------------------------------------------------------
say "load before: $(uptime)"
say "sshd pid $sshd_pid on 127.0.0.1:$port; $seconds s, a remote round every $remote_every s"
# The JVM as ./asrwb app starts it: its heap bound, ND4J's off-heap bounds, glibc's mmap threshold
# pinned (without it the arenas kept freed step buffers: RSS 0.79 -> 1.42 GB in half an hour with
# a flat live heap; docs/RELIABILITY.md).
export MALLOC_MMAP_THRESHOLD_="${MALLOC_MMAP_THRESHOLD_:-131072}"
# and large arrays on 2 MiB pages, as app/launch.sh sets it
case "${GLIBC_TUNABLES:-}" in
  *glibc.malloc.hugetlb=*) ;;
  "") export GLIBC_TUNABLES=glibc.malloc.hugetlb=1 ;;
  *) export GLIBC_TUNABLES="$GLIBC_TUNABLES:glibc.malloc.hugetlb=1" ;;
esac
ASRWB_HOME="$work/home" nice -n "${NICE:-10}" java -Xmx2g \
  -Dorg.bytedeco.javacpp.maxbytes=6G -Dorg.bytedeco.javacpp.maxphysicalbytes=12G \
  -Dorg.bytedeco.javacpp.cachedir="$natives_dir" \
  -Dglass.platform=Monocle -Dmonocle.platform=Headless -Dprism.order=sw -Dprism.text=t2k \
  -Djava.awt.headless=true -Dasrwb.assets="$root/assets" \
  -Dasrwb.settings="$work/settings.properties" \
  -cp "engine/target/asrwb-engine.jar:app/target/asrwb-app.jar:app/target/test-classes:app/target/lib/*:$monocle" \
  io.asrwb.app.workbench.SoakDriver "$seconds" "$work/counts" "$clip" "$work/remote.yaml" box soak \
  "$sshd_pid" "$home" "$remote_every" > "$work/app.log" 2>&1 &
app_pid=$!
status=0
python3 "$root/bench/soak_sampler.py" "$app_pid" "$work/counts" "$work/soak.csv" 10 5 || status=$?
app_status=0
wait "$app_pid" || app_status=$?
say "load after: $(uptime)"
grep 'ERROR' "$work/app.log" | head -20 || true
if [ "$app_status" != 0 ]; then
  say "the app exited with status $app_status; its last lines:"
  tail -30 "$work/app.log"
  status=1
fi
cp "$work/soak.csv" "${SOAK_CSV:-/dev/null}" 2>/dev/null || true
exit "$status"
