#!/usr/bin/env bash
# End-to-end remote training against Debian's real OpenSSH: starts `sshd` as our own process on a
# loopback port (generated host key, one authorized key), then drives the ./asrwb CLI like a user:
# host add (trusting the fingerprint), host test, job submit of a tiny run, job attach, the SSH
# connection dropped mid-run (its sshd process killed), the attach reconnecting, the attaching
# client killed and attached again (no event line lost or repeated), job fetch, and a local
# transcription with the fetched checkpoint.
#
# The "remote" user is the current one, but every remote file goes to a scratch folder: a forced
# command starts sessions there (and SFTP with -d), so nothing lands in the real home folder.
# Needs: openssh-server, java 17, the built jars (./mvnw package, or ./asrwb builds them).
# Run: remote/src/test/resources/openssh-e2e.sh   (from anywhere; exits non-zero on failure)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../../../.." && pwd)"
sshd_bin="$(command -v sshd || echo /usr/sbin/sshd)"
sftp_server=/usr/lib/openssh/sftp-server
if [ ! -x "$sshd_bin" ] || [ ! -x "$sftp_server" ]; then
  echo "openssh-e2e: needs openssh-server (sshd and $sftp_server); apt-get install openssh-server" >&2
  exit 1
fi

work="$(mktemp -d "${TMPDIR:-/tmp}/asrwb-e2e.XXXXXX")"
sshd_pid=""
attach_pid=""
cleanup() {
  local status=$?
  [ -n "$attach_pid" ] && kill "$attach_pid" 2>/dev/null || true
  [ -n "$sshd_pid" ] && kill "$sshd_pid" 2>/dev/null || true
  if [ "$status" != 0 ]; then
    echo "openssh-e2e: FAILED (status $status); sshd log and job logs:" >&2
    cat "$work/sshd.log" >&2 2>/dev/null || true
    cat "$work"/home/.asrwb-remote/jobs/*/job.log >&2 2>/dev/null || true
  fi
  rm -rf "$work"
  exit "$status"
}
trap cleanup EXIT
say() { echo "openssh-e2e: $(date +%T) $*" >&2; }
fail() { say "$*"; exit 1; }

# --- sshd on a free loopback port --------------------------------------------------------------
home="$work/home"
source "$(dirname "${BASH_SOURCE[0]}")/loopback-sshd.sh"
loopback_sshd_start "$work" "$home" e2e || fail "sshd did not start: $(cat "$work/sshd.log")"
say "sshd (pid $sshd_pid) on 127.0.0.1:$port, remote home $home"

# --- a tiny dataset and config ------------------------------------------------------------------
export ASRWB_DB="$work/catalog"
corpus="$root/assets/demo-corpus"
mkdir -p "$work/corpus"
ln -s "$corpus/audio" "$work/corpus/audio"
awk -F'"duration": ' '/"split": "train"/ && n < 8 { split($2, d, ",");
  if (d[1] + 0 <= 0.9) { print; n++ } }' "$corpus/demo.jsonl" > "$work/corpus/subset.jsonl"
[ "$(wc -l < "$work/corpus/subset.jsonl")" = 8 ] || fail "cannot pick 8 short demo utterances"
cat > "$work/tiny.yaml" <<'EOF'
preset: tiny
data:
  max_duration_s: 0.9
  batch_size: 2
  duration_buckets: 1
  val_splits: []
  loader_threads: 1
train:
  max_steps: 40
  eval_every_steps: 1000
  checkpoint_every_steps: 8
  keep_last: 2
EOF
cd "$work"
"$root/asrwb" dataset import --format nemo --name 'e2e (x) #1, a+b@c' corpus/subset.jsonl >/dev/null

# --- host, job, stream, drop, reattach ----------------------------------------------------------
fingerprint="$(ssh-keygen -lf "$work/host_key.pub" | awk '{ print $2 }')"
"$root/asrwb" host add box --address 127.0.0.1 --port "$port" --user "$(id -un)" \
  --key "$work/id_ed25519" --trust-fingerprint "$fingerprint"
"$root/asrwb" host test box
id="$("$root/asrwb" job submit --host box --config tiny.yaml --dataset 'e2e (x) #1, a+b@c' \
  --max-restarts 0)"
say "submitted job $id"
events="$home/.asrwb-remote/jobs/$id/run/events.jsonl"

lines() { if [ -f "$1" ]; then wc -l < "$1"; else echo 0; fi; }
wait_lines() {  # FILE N SECONDS
  local i=0
  while [ "$(lines "$1")" -lt "$2" ]; do
    i=$((i + 1)); [ "$i" -le $(($3 * 10)) ] || fail "fewer than $2 lines in $1 after $3 s"
    sleep 0.1
  done
}

"$root/asrwb" --porcelain job attach "$id" > first.jsonl &
attach_pid=$!
wait_lines first.jsonl 2 240
# the network drops: kill the sshd processes serving our connections (children of our sshd)
for child in $(ps -o pid= --ppid "$sshd_pid"); do kill "$child" 2>/dev/null || true; done
say "dropped the SSH connections after $(lines first.jsonl) event lines"
wait_lines first.jsonl $(( $(lines first.jsonl) + 3 )) 120
# the attaching app dies mid-run (TERM: a background job of a script ignores INT); a new one
# goes on from the saved offset
kill -TERM "$attach_pid" 2>/dev/null || true
wait "$attach_pid" || true
attach_pid=""
tail -n 1 first.jsonl | grep -q '"type":"finished"' \
  && fail "the run finished before the first attach was stopped; nothing was reattached mid-run"
say "first attach stopped after $(lines first.jsonl) lines, mid-run; attaching again"
"$root/asrwb" --porcelain job attach "$id" > second.jsonl
cat first.jsonl second.jsonl > delivered.jsonl
diff -u "$events" delivered.jsonl > /dev/null \
  || fail "attached lines differ from the job's events.jsonl: $(diff "$events" delivered.jsonl | head -20)"
tail -n 1 delivered.jsonl | grep -q '"type":"finished"' || fail "the run did not finish"
"$root/asrwb" job list | grep "$id" | grep -q finished || fail "job list does not say finished"
say "all $(lines delivered.jsonl) event lines arrived once, across a drop and a reattach"

# --- fetch and transcribe locally ---------------------------------------------------------------
"$root/asrwb" job fetch "$id" model
audio="$corpus/$(head -n 1 corpus/subset.jsonl | sed 's/.*"audio_filepath": "\([^"]*\)".*/\1/')"
"$root/asrwb" transcribe --model model "$audio" | grep -q "^$audio"$'\t' \
  || fail "transcribe with the fetched checkpoint printed no line for $audio"
say "fetched checkpoint transcribes locally; OK"
