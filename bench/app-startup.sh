#!/usr/bin/env bash
# Start-up of the desktop app to an interactive window, through `./asrwb app` as a user runs it
# (bar: ≤ 3 s on the build machine). The app logs "startup: window interactive after N ms",
# counted from the launcher process's start to the first event the FX thread handles after the
# window's first layout; this reads that line, then closes the app.
# Run 1 is the first start on a fresh machine after the build: empty catalog and data dir (the
# demo import starts once the window is interactive), the class archive the build made
# (app/pom.xml, `class-archive`). Runs 2..RUNS reopen that catalog, as every later start does.
# Prints each run, the load, and the median of the later starts, wall and CPU time (under load the
# CPU time is the steadier figure: on 2 idle cores the wall time is expected between CPU/2 and
# CPU). Needs xvfb-run when there is no display.
# Usage: bench/app-startup.sh [RUNS]      (default 6)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
runs="${1:-6}"
if [ -z "${DISPLAY:-}" ]; then
  exec xvfb-run -a -s "-screen 0 1280x800x24" "$0" "$@"
fi
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
export ASRWB_HOME="$work/home" ASRWB_DB="$work/catalog"

start_once() { # $1: seconds to wait for the window; prints the logged wall and CPU milliseconds
  : > "$work/app.log" # emptied before the app starts, so the previous run's line cannot be read
  "$root/asrwb" app >> "$work/app.log" 2>&1 &
  local pid=$! ms="" i
  for ((i = 0; i < $1 * 20; i++)); do
    ms=$(grep -so 'startup: window interactive after [0-9]* ms (CPU [0-9]*' "$work/app.log" \
      | sed 's/.*after \([0-9]*\) ms (CPU \([0-9]*\)/\1 \2/' || true)
    [ -n "$ms" ] && break
    sleep 0.05
  done
  sleep 1 # let a first start's demo import commit before the next run reopens the catalog
  # SIGTERM to the JVM only: it exits normally, and where the launcher waits on it (a first run
  # without the build's archive), the launcher then moves the class archive the JVM wrote into place
  kill "$(pgrep -P "$pid" java || echo "$pid")" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
  if [ -z "$ms" ]; then
    echo "no start-up line in $1 s; the app said:" >&2
    tail -20 "$work/app.log" >&2
    exit 1
  fi
  echo "$ms"
}

echo "building (not timed)..."
"$root/asrwb" --help > /dev/null
start_once 900 > /dev/null # a first start whose catalog is thrown away: builds the app if needed
rm -rf "$work/home" "$work"/catalog*

echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
later=()
later_cpu=()
for ((r = 1; r <= runs; r++)); do
  read -r ms cpu <<< "$(start_once 120)"
  if [ "$r" = 1 ]; then
    echo "  run 1 (first start: empty catalog and data dir): $ms ms (CPU $cpu ms)"
  else
    echo "  run $r: $ms ms (CPU $cpu ms)"
    later+=("$ms")
    later_cpu+=("$cpu")
  fi
done
echo "load after:  $(cut -d' ' -f1-3 /proc/loadavg)"
median() { printf '%s\n' "$@" | sort -n | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'; }
echo "start-up to an interactive window: median $(median "${later[@]}") ms wall, $(median "${later_cpu[@]}") ms CPU, over $((runs - 1)) later starts"
