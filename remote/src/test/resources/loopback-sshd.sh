# Sourced by openssh-e2e.sh and bench/soak.sh: Debian's OpenSSH sshd as our own process on a free
# loopback port, with a generated host key and one authorized key, every session confined to a
# scratch home (a forced command starts it there, and SFTP with -d), so nothing lands in the real
# home folder. ND4J's natives are shared with the local data dir (the "remote" is this machine).
#
#   loopback_sshd_start WORK HOME TAG
# writes WORK/{host_key,id_ed25519,authorized_keys,enter.sh,sshd_config,sshd.log}, creates HOME,
# and sets sshd_pid, port and natives_dir (the unpacked ND4J natives the box shares: ASRWB_HOME's,
# else the user's data dir); returns 1 (the reason in WORK/sshd.log) when sshd did not start.
# Needs sshd and /usr/lib/openssh/sftp-server (apt-get install openssh-server).

loopback_sshd_start() {
  local work="$1" home="$2" tag="$3" candidate _
  local sshd_bin sftp_server=/usr/lib/openssh/sftp-server
  sshd_bin="$(command -v sshd || echo /usr/sbin/sshd)"
  mkdir -p "$home"
  ssh-keygen -q -t ed25519 -N '' -C "$tag-host" -f "$work/host_key"
  ssh-keygen -q -t ed25519 -N '' -C "$tag-user" -f "$work/id_ed25519"
  cp "$work/id_ed25519.pub" "$work/authorized_keys"
  chmod 600 "$work/authorized_keys"
  # Every session starts in the scratch home, with HOME pointing there and this PATH (for java).
  cat > "$work/enter.sh" <<EOS
#!/bin/sh
cd '$home' || exit 1
HOME='$home'; PATH='$PATH'; export HOME PATH
case "\${SSH_ORIGINAL_COMMAND:-}" in
  *sftp-server*|internal-sftp) exec '$sftp_server' -d '$home' ;;
  '') echo "no interactive shell here" >&2; exit 1 ;;
  *) exec /bin/sh -c "\$SSH_ORIGINAL_COMMAND" ;;
esac
EOS
  chmod 755 "$work/enter.sh"
  if [ "$(id -u)" = 0 ]; then mkdir -p /run/sshd; fi  # privilege separation needs it when root

  port=""
  sshd_pid=""
  for _ in 1 2 3 4 5 6 7 8 9 10; do
    candidate=$((20000 + RANDOM % 40000))
    cat > "$work/sshd_config" <<EOS
Port $candidate
ListenAddress 127.0.0.1
HostKey $work/host_key
PidFile $work/sshd.pid
AuthorizedKeysFile $work/authorized_keys
AuthenticationMethods publickey
PasswordAuthentication no
KbdInteractiveAuthentication no
UsePAM no
StrictModes no
PermitRootLogin prohibit-password
AllowUsers $(id -un)
Subsystem sftp $sftp_server
ForceCommand $work/enter.sh
LogLevel ERROR
EOS
    "$sshd_bin" -D -e -f "$work/sshd_config" 2> "$work/sshd.log" &
    sshd_pid=$!
    sleep 1
    if kill -0 "$sshd_pid" 2>/dev/null; then port=$candidate; break; fi
    sshd_pid=""
  done
  [ -n "$port" ] || return 1

  natives_dir="${ASRWB_HOME:-${XDG_DATA_HOME:-$HOME/.local/share}/asrwb}/javacpp"
  mkdir -p "$natives_dir" "$home/.asrwb-remote"
  ln -s "$natives_dir" "$home/.asrwb-remote/javacpp"
}
