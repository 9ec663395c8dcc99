#!/usr/bin/env bash
# Installer smoke test (CI, after the tests; needs root and apt): builds the .deb, installs it,
# starts the installed app under Xvfb until its main window is up (screenshot), runs the
# installed CLI's `transcribe` on a demo file and two training steps, then removes the package
# and checks nothing is left. App and CLI run without a network (a private network namespace)
# where unshare allows it.
# Output: installer/target/smoke/ (screenshot, app log, transcript).
#
# usage: installer/ci-smoke.sh [DEB]   (DEB: an already built package; default: build it)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
out="$root/installer/target/smoke"
pkg=asr-workbench
install_dir=/opt/$pkg
budget_mb="${INSTALLER_BUDGET_MB:-120}"  # MB of 10^6 bytes

fail() { echo "ci-smoke: FAIL: $*" >&2; exit 1; }
[ "$(id -u)" = 0 ] || fail "run as root (it installs a package)"

deb="${1:-}"
if [ -z "$deb" ]; then
  ./mvnw -B -q -Pinstaller -pl installer -am package -DskipTests -Dinstaller.secondary.skip=true
  deb="$(ls "$root"/installer/target/jpackage/${pkg}_*.deb)"
fi
deb="$(realpath "$deb")"   # apt-get takes a path only when it has a slash in it
rm -rf "$out" && mkdir -p "$out"
size_mb=$(( $(stat -c %s "$deb") / 1000000 ))
echo "ci-smoke: $deb is $size_mb MB (budget $budget_mb MB)"
[ "$size_mb" -le "$budget_mb" ] || fail "the installer is over its size budget"

xvfb_pid="" app_pid="" installed=0
cleanup() {
  [ -n "$app_pid" ] && kill "$app_pid" 2>/dev/null || true
  [ -n "$xvfb_pid" ] && kill "$xvfb_pid" 2>/dev/null || true
  if [ "$installed" = 1 ]; then apt-get purge -y -qq "$pkg" >/dev/null 2>&1 || dpkg --purge "$pkg" || true; fi
}
trap cleanup EXIT

# apt-get resolves the package's dependencies (xdg-utils, libgtk-3-0, libgl1); the package's
# postinst creates the XDG menu folders a bare system lacks.
export DEBIAN_FRONTEND=noninteractive
apt-get install -y -qq "$deb" >/dev/null
installed=1
[ -x "$install_dir/bin/ASR Workbench" ] || fail "no app launcher in $install_dir/bin"
[ -x /usr/bin/asrwb ] || fail "no /usr/bin/asrwb"
menu_entry=(/usr/share/applications/"$pkg"-*.desktop)
[ -f "${menu_entry[0]}" ] || fail "no menu entry in /usr/share/applications"
# the entry that claims manifests must hand the file to the launcher, or the association is a no-op
app_entry=$(grep -l '^MimeType=.*application/jsonl' /usr/share/applications/"$pkg"-*.desktop | head -1 || true)
[ -n "$app_entry" ] || fail "no menu entry claims application/jsonl"
grep -q '^Exec=.* %f$' "$app_entry" || fail "$app_entry does not pass the opened file (%f)"

# A user of our own: the catalog (H2) and ND4J's unpacked libraries go to its data dir
# (XDG_DATA_HOME; Java takes user.home from the password file, not $HOME, hence the option).
export HOME="$out/home" XDG_DATA_HOME="$out/home/.local/share"
export JDK_JAVA_OPTIONS="-Duser.home=$HOME"
mkdir -p "$HOME"
data_dir="$XDG_DATA_HOME/asrwb"
offline=()
if unshare --net true 2>/dev/null; then offline=(unshare --net); fi

display=":$(( 90 + RANDOM % 100 ))"
Xvfb "$display" -screen 0 1280x800x24 -nolisten tcp >"$out/xvfb.log" 2>&1 &
xvfb_pid=$!
export DISPLAY="$display"
for _ in $(seq 50); do xwininfo -root >/dev/null 2>&1 && break; sleep 0.2; done

"${offline[@]}" "$install_dir/bin/ASR Workbench" >"$out/app.log" 2>&1 &
app_pid=$!
# The window is shown after the first-start import of the demo corpus into the catalog.
window=""
for _ in $(seq 300); do
  kill -0 "$app_pid" 2>/dev/null || { cat "$out/app.log" >&2; fail "the app exited before its window showed"; }
  # The main window, not the 10x10 helper JavaFX maps at start-up under the same title.
  window="$(xwininfo -root -tree 2>/dev/null | grep '"ASR Workbench"' \
    | awk '{ for (i = 1; i <= NF; i++) if ($i ~ /^[0-9]+x[0-9]+\+/) { split($i, d, /[x+]/);
             if (d[1] >= 400 && d[2] >= 300) print; break } }' | head -1 || true)"
  [ -n "$window" ] && break
  sleep 1
done
[ -n "$window" ] || { cat "$out/app.log" >&2; fail "no 'ASR Workbench' window within 300 s"; }
sleep 5   # let the first frame render before the screenshot
import -window root "$out/app-window.png"
echo "ci-smoke: app window up: $window"
[ -f "$data_dir/catalog.mv.db" ] || fail "no catalog in the user's data dir ($data_dir)"
kill "$app_pid"; wait "$app_pid" 2>/dev/null || true; app_pid=""
kill "$xvfb_pid"; wait "$xvfb_pid" 2>/dev/null || true; xvfb_pid=""

# The installed CLI (through /usr/bin), the bundled demo model, one demo file.
audio="$(find "$install_dir/lib/app/assets/demo-corpus/audio" -name '*.flac' | sort | sed -n 1p)"
"${offline[@]}" asrwb transcribe "$audio" >"$out/transcript.txt" 2>"$out/cli.log" \
  || { cat "$out/cli.log" >&2; fail "asrwb transcribe failed"; }
text="$(cut -f2- "$out/transcript.txt")"
[ -n "${text// /}" ] || fail "empty transcript: $(cat "$out/transcript.txt")"
echo "ci-smoke: transcript: $(cat "$out/transcript.txt")"
# Same catalog as the app: the demo corpus it imported on first start.
"${offline[@]}" asrwb dataset list >"$out/datasets.txt" 2>>"$out/cli.log"
grep -q demo "$out/datasets.txt" || fail "the CLI does not see the app's demo dataset"
# Two training steps: the installer drops jars it believes unused (drop-jars.txt); training
# loads the most of DL4J/ND4J.
"${offline[@]}" asrwb train --config tiny --dataset demo --max-steps 2 --out "$out/run" \
  >"$out/train.log" 2>&1 || { cat "$out/train.log" >&2; fail "asrwb train failed"; }
[ -d "$out/run/checkpoints" ] || fail "training wrote no checkpoint: $(tail -5 "$out/train.log")"
echo "ci-smoke: trained: $(tail -1 "$out/train.log")"

apt-get purge -y -qq "$pkg" >/dev/null
installed=0
[ ! -e "$install_dir" ] || fail "files left in $install_dir: $(find "$install_dir" | head)"
[ ! -e /usr/bin/asrwb ] || fail "/usr/bin/asrwb left behind"
[ ! -e "${menu_entry[0]}" ] || fail "menu entry left behind: ${menu_entry[0]}"
echo "ci-smoke: OK (installed, window up, transcribed, trained, removed cleanly)"
