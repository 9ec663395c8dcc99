#!/usr/bin/env bash
# The newcomer's first command, timed as a newcomer meets it: `./mvnw -q -DskipTests install` in a
# fresh clone of this repository's HEAD with an empty local Maven repository (everything comes
# from Maven Central; the wrapper's own Maven is reused from ~/.m2/wrapper). Bar (issue 23): ≤ 90 s.
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
