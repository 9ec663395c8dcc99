#!/usr/bin/env bash
# The newcomer's first commands, timed as a newcomer meets them: `./mvnw -q -DskipTests install` in
# a fresh clone of this repository's HEAD with an empty local Maven repository (everything comes
# from Maven Central; the wrapper's own Maven is reused from ~/.m2/wrapper), bar (issue 23) ≤ 90 s;
# then the README's `./asrwb app` on an empty data dir, from the command to the interactive window
# (under xvfb-run without a display), bar ≤ 5 s.
# With RESOLVER=df it runs with Maven's default depth-first, one-POM-at-a-time resolution instead
# of .mvn/maven.config's parallel one, to measure what that file is worth.
# Usage: bench/first-install.sh      (needs network access to Maven Central)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
git clone -q "$root" "$work/clone"
cd "$work/clone"
if [ "${RESOLVER:-}" = df ]; then
  rm .mvn/maven.config
fi
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
start=$(date +%s.%N)
./mvnw -q -DskipTests -Dmaven.repo.local="$work/repo" install
end=$(date +%s.%N)
echo "load after:  $(cut -d' ' -f1-3 /proc/loadavg)"
printf 'first install: %.1f s, %s downloaded into an empty local repository (%s)\n' \
  "$(echo "$end - $start" | bc)" "$(du -sh "$work/repo" | cut -f1)" \
  "$([ "${RESOLVER:-}" = df ] && echo "Maven's default resolution" || echo ".mvn/maven.config")"

# The first start, as the README's second half runs it
export ASRWB_HOME="$work/home" ASRWB_DB="$work/catalog"
x=()
[ -z "${DISPLAY:-}" ] && x=(xvfb-run -a -s "-screen 0 1280x800x24")
start=$(date +%s.%N)
"${x[@]}" ./asrwb app > "$work/app.log" 2>&1 &
app=$!
for ((i = 0; i < 1200; i++)); do
  grep -q 'startup: window interactive after' "$work/app.log" && break
  sleep 0.05
done
end=$(date +%s.%N)
line=$(grep -o 'window interactive after .*' "$work/app.log" || echo "no window in 60 s")
pkill -TERM -f "$work/clone/app/target/asrwb-app.jar" || true
wait "$app" 2>/dev/null || true
printf 'first start: %.1f s from the command to the interactive window (the app logs: %s)\n' \
  "$(echo "$end - $start" | bc)" "$line"
