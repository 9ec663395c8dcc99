#!/usr/bin/env bash
# Installer smoke test (CI, after the tests; needs root and apt): for each package (.deb or .rpm),
# installs it, starts the installed app under Xvfb until its main window is up (screenshot), runs
# the installed CLI's `transcribe` on a demo file and two training steps, then removes the package
# and checks nothing is left. App and CLI run without a network (a private network namespace)
# where unshare allows it. The .rpm goes in with this Debian system's rpm (--nodeps: rpm's own
# database knows none of the Debian packages it requires, which apt installs instead).
# Output: installer/target/smoke/<package file>/ (screenshot, app log, transcript).
#
# usage: installer/ci-smoke.sh [PACKAGE...]
#   PACKAGE: an already built .deb or .rpm (asr-workbench or asr-workbench-cuda); default: build
#   the .deb and the .rpm (-Pinstaller) and test both.
# INSTALLER_BUDGET_MB: size budget in MB of 10^6 bytes; default 120 for the CPU package, none for
#   the CUDA one.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

fail() { echo "ci-smoke: FAIL: $*" >&2; exit 1; }
[ "$(id -u)" = 0 ] || fail "run as root (it installs packages)"
export DEBIAN_FRONTEND=noninteractive

packages=("$@")
if [ "${#packages[@]}" = 0 ]; then
  ./mvnw -B -q -Pinstaller -pl installer -am package -DskipTests
  packages=("$root"/installer/target/jpackage/asr-workbench_*.deb "$root"/installer/target/jpackage/asr-workbench-[0-9]*.rpm)
fi

# rpm with its database fixed now: Debian's rpm keeps it under $HOME, which the test changes.
rpm_=(rpm)
if command -v rpm >/dev/null; then
  rpm_=(rpm --dbpath "$(rpm --eval '%{_dbpath}')")
  # Debian's rpm refuses to install without it (it would rather have alien convert the package).
  if rpm --help 2>/dev/null | grep -q -- --force-debian; then rpm_+=(--force-debian); fi
fi

xvfb_pid="" app_pid="" installed=""   # installed: the package name while one is installed
cleanup() {
  [ -n "$app_pid" ] && kill "$app_pid" 2>/dev/null || true
  [ -n "$xvfb_pid" ] && kill "$xvfb_pid" 2>/dev/null || true
  [ -z "$installed" ] || uninstall "$installed" >/dev/null 2>&1 || true
}
trap cleanup EXIT

# The package manager for a package file, by its extension.
kind_of() {
  case "$1" in
    *.deb) echo deb ;;
    *.rpm) echo rpm ;;
    *) fail "$1: not a .deb or .rpm" ;;
  esac
}

package_name() {
  case "$(kind_of "$1")" in
    deb) dpkg-deb --field "$1" Package ;;
    rpm) "${rpm_[@]}" -qp --queryformat '%{NAME}' "$1" 2>/dev/null ;;
  esac
}

install_package() {
  local file="$1"
  case "$(kind_of "$file")" in
    # apt-get resolves the package's dependencies (xdg-utils, libgtk-3-0, libgl1); the package's
    # postinst creates the XDG menu folders a bare system lacks.
    deb) apt-get install -y -qq "$file" >/dev/null ;;
    # What the .rpm requires (gtk3, mesa-libGL, xdg-utils for its scriptlets), in Debian's names.
    rpm) apt-get install -y -qq xdg-utils libgtk-3-0 libgl1 >/dev/null
         "${rpm_[@]}" --install --nodeps "$file" ;;
  esac
}

# Whichever manager installed it; the .rpm is in rpm's database, the .deb in dpkg's.
uninstall() {
  if "${rpm_[@]}" -q "$1" >/dev/null 2>&1; then
    "${rpm_[@]}" --erase --nodeps "$1"
  else
    apt-get purge -y -qq "$1" >/dev/null || dpkg --purge "$1"
  fi
}

smoke() {
  local file pkg install_dir out budget_mb size_mb
  file="$(realpath "$1")"   # apt-get takes a path only when it has a slash in it
  pkg="$(package_name "$file")"
  [ -n "$pkg" ] || fail "$file: no package name in it"
  install_dir=/opt/$pkg
  out="$root/installer/target/smoke/$(basename "$file")"
  rm -rf "$out" && mkdir -p "$out"
  budget_mb="${INSTALLER_BUDGET_MB:-}"
  [ -n "$budget_mb" ] || [ "$pkg" != asr-workbench ] || budget_mb=120
  size_mb=$(( $(stat -c %s "$file") / 1000000 ))
  echo "ci-smoke: $file ($pkg) is $size_mb MB (budget ${budget_mb:-none})"
  [ -z "$budget_mb" ] || [ "$size_mb" -le "$budget_mb" ] || fail "the installer is over its size budget"

  install_package "$file"
  installed="$pkg"
  [ -x "$install_dir/bin/ASR Workbench" ] || fail "no app launcher in $install_dir/bin"
  [ -x /usr/bin/asrwb ] || fail "no /usr/bin/asrwb"
  local menu_entry=(/usr/share/applications/"$pkg"-*.desktop) app_entry
  [ -f "${menu_entry[0]}" ] || fail "no menu entry in /usr/share/applications"
  # the entry that claims manifests must hand the file to the launcher, or the association is a no-op
  app_entry=$(grep -l '^MimeType=.*application/jsonl' "${menu_entry[@]}" | head -1 || true)
  [ -n "$app_entry" ] || fail "no menu entry claims application/jsonl"
  grep -q '^Exec=.* %f$' "$app_entry" || fail "$app_entry does not pass the opened file (%f)"
  if [[ "$pkg" == *-cuda ]]; then
    # The CUDA backend's jars beside the CPU ones (no GPU here: ND4J falls back to the CPU).
    compgen -G "$install_dir/lib/app/lib-cuda/nd4j-cuda-*.jar" >/dev/null \
      || fail "no CUDA backend jars in $install_dir/lib/app/lib-cuda"
  fi

  # A user of our own: the catalog (H2) and ND4J's unpacked libraries go to its data dir
  # (XDG_DATA_HOME; Java takes user.home from the password file, not $HOME, hence the option).
  local HOME="$out/home" XDG_DATA_HOME="$out/home/.local/share"
  local JDK_JAVA_OPTIONS="-Duser.home=$HOME"
  export HOME XDG_DATA_HOME JDK_JAVA_OPTIONS
  mkdir -p "$HOME"
  local data_dir="$XDG_DATA_HOME/asrwb" offline=()
  if unshare --net true 2>/dev/null; then offline=(unshare --net); fi

  local display=":$(( 90 + RANDOM % 100 ))"
  Xvfb "$display" -screen 0 1280x800x24 -nolisten tcp >"$out/xvfb.log" 2>&1 &
  xvfb_pid=$!
  local DISPLAY="$display"
  export DISPLAY
  for _ in $(seq 50); do xwininfo -root >/dev/null 2>&1 && break; sleep 0.2; done

  "${offline[@]}" "$install_dir/bin/ASR Workbench" >"$out/app.log" 2>&1 &
  app_pid=$!
  # The window is shown after the first-start import of the demo corpus into the catalog.
  local window=""
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
  local audio text
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
  if [[ "$pkg" == *-cuda ]]; then
    # ND4J saw the CUDA backend (lib-cuda is on the class path) and, with no GPU here, trained on
    # the CPU one.
    grep -q 'JCublasBackend' "$out/train.log" || fail "ND4J never tried the CUDA backend: lib-cuda not on the class path?"
    grep -q ' on nd4j-native \[cpu\]' "$out/train.log" || fail "training did not fall back to the CPU backend"
  fi

  uninstall "$pkg"
  installed=""
  [ ! -e "$install_dir" ] || fail "files left in $install_dir: $(find "$install_dir" | head)"
  [ ! -e /usr/bin/asrwb ] || fail "/usr/bin/asrwb left behind"
  [ ! -e "${menu_entry[0]}" ] || fail "menu entry left behind: ${menu_entry[0]}"
  ! grep -rqs "/opt/$pkg/" /usr/share/applications /usr/share/mime/packages \
    || fail "a desktop or MIME file still names /opt/$pkg"
  echo "ci-smoke: OK $(basename "$file") (installed, window up, transcribed, trained, removed cleanly)"
}

for file in "${packages[@]}"; do
  [ -f "$file" ] || fail "no package $file"
  smoke "$file"
done
