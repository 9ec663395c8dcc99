#!/usr/bin/env bash
# Start-up of the desktop app to an interactive window, through `./asrwb app` as a user runs it
# (bar: ≤ 3 s on the build machine). The app logs "startup: window interactive after N ms",
# counted from the launcher process's start to the first event the FX thread handles after the
# window's first layout; this reads that line, then closes the app.
# Run 1 is a first start (empty catalog: the demo import starts in the background); runs 2..RUNS
# reopen that catalog, as every later start does. Prints each run, the load, and the median of the
# later starts. Needs xvfb-run when there is no display.
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

start_once() { # prints the logged milliseconds
  # its own process group: a first start after a build runs java as a child of the launcher
  setsid "$root/asrwb" app > "$work/app.log" 2>&1 &
  local pid=$! ms="" i
  for ((i = 0; i < 1200; i++)); do
    ms=$(grep -o 'startup: window interactive after [0-9]*' "$work/app.log" | grep -o '[0-9]*$' || true)
    [ -n "$ms" ] && break
    sleep 0.05
  done
  sleep 1 # let a first start's demo import commit before the next run reopens the catalog
  kill -- "-$pid" 2>/dev/null || true # SIGTERM: the JVM exits normally (and writes its class archive)
  wait "$pid" 2>/dev/null || true
  if [ -z "$ms" ]; then
    echo "no start-up line in 60 s; the app said:" >&2
    tail -20 "$work/app.log" >&2
    exit 1
  fi
  echo "$ms"
}

echo "building (not timed)..."
"$root/asrwb" --help > /dev/null
start_once > /dev/null # a first start whose catalog is thrown away: builds the app if needed
start_once > /dev/null # and writes the class-data archive on its way out (see app/launch.sh)
rm -rf "$work/home" "$work"/catalog*

echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
later=()
for ((r = 1; r <= runs; r++)); do
  ms=$(start_once)
  if [ "$r" = 1 ]; then
    echo "  run 1 (first start, empty catalog): $ms ms"
  else
    echo "  run $r: $ms ms"
    later+=("$ms")
  fi
done
echo "load after:  $(cut -d' ' -f1-3 /proc/loadavg)"
median=$(printf '%s\n' "${later[@]}" | sort -n | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}')
echo "start-up to an interactive window: median ${median} ms over $((runs - 1)) later starts"
