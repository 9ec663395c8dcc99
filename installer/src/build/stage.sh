#!/usr/bin/env bash
# Stages jpackage's --input folder from the copied runtime dependencies:
#   *.jar        our jars and the libraries, minus drop-jars.txt and the ND4J builds not shipped
#   natives/     ND4J's native jar unpacked, its .so stripped of symbols
#   lib-cuda/    (CUDA variant only) the CUDA backend's jars, their .so stripped, stored
#   natives.jar  a manifest-only jar whose Class-Path puts natives/ (and lib-cuda/*.jar) on the
#                class path
#   assets/      the demo corpus, demo model, presets and alphabet (not the corpus generator)
#   licenses/    GPL-3.0 text and the third-party list
# Why unpacked: JavaCPP loads a library that is a plain file on the class path in place, so
# libnd4jcpu (330 MB) is not copied into each user's cache on first start, and the package's
# xz packs the raw .so to a third of a jar's deflate (30 vs 88 MB). Stripping drops its 36 MB
# symbol table, which nothing needs at run time. OpenBLAS and JavaCPP stay jars: JavaCPP makes
# the symlinks they need (libopenblas_nolapack.so.0 -> libopenblas.so.0) only when it unpacks a
# jar into its cache (57 MB per user); their .so are stripped already.
# The CUDA jars stay jars in lib-cuda/ (the engine's contract: a folder of jars that a remote CUDA
# job ships as they are; docs/decisions/installer.md): ND4J prefers the CUDA backend where it loads
# and falls back to the CPU one. Their .so are stripped and the jars stored, so xz packs the
# 900 MB libnd4jcuda.so to a quarter where the jar's deflate leaves two thirds.
#
# usage: stage.sh DEPS_DIR INPUT_DIR REPO_ROOT ND4J_CLASSIFIER THIRD_PARTY_FILE [CUDA_JARS_DIR|none]
set -euo pipefail
deps="$1" input="$2" root="$3" nd4j_classifier="$4" third_party="$5" cuda_jars="${6:-none}"
platform="$nd4j_classifier"
case "$nd4j_classifier" in
  linux-x86_64*) platform=linux-x86_64 ;;
  windows-x86_64*) platform=windows-x86_64 ;;
  macosx-x86_64*) platform=macosx-x86_64 ;;
  macosx-arm64*) platform=macosx-arm64 ;;
esac
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
for tool in unzip python3 jar; do
  command -v "$tool" >/dev/null || { echo "stage.sh: '$tool' is needed on PATH" >&2; exit 1; }
done

# jpackage wants its --temp folders absent and fails on an existing package.
rm -rf "$input" "$(dirname "$input")"/jpackage-tmp-* "$(dirname "$input")/jpackage"
mkdir -p "$input/natives" "$input/licenses"

dropped() {
  local name="$1" pattern
  while read -r pattern; do
    case "$pattern" in ''|'#'*) continue ;; esac
    # shellcheck disable=SC2053 # the pattern is a glob on purpose
    [[ "$name" == $pattern ]] && return 0
  done < "$here/drop-jars.txt"
  return 1
}

shipped=()   # jar names shipped (copied or unpacked): the third-party list names only these
unpack_native() {
  local jar="$1"
  (cd "$input/natives" && unzip -q -o "$jar" -x 'META-INF/*')
  shipped+=("$(basename "$jar")")
}

for jar in "$deps"/*.jar; do
  name="$(basename "$jar")"
  case "$name" in
    nd4j-native-[0-9]*-"$nd4j_classifier".jar) unpack_native "$jar" ;;
    nd4j-native-[0-9]*-"$platform"*.jar) ;;        # the other CPU builds: not shipped
    *) dropped "$name" || { cp "$jar" "$input/"; shipped+=("$name"); } ;;
  esac
done

# C headers and CMake/pkg-config files of the native jars: for building against them, not running.
find "$input/natives" -depth -type d \( -name include -o -name cmake -o -name pkgconfig \) -exec rm -rf {} +
if command -v strip >/dev/null; then
  find "$input/natives" -type f -name '*.so*' -exec strip --strip-unneeded {} +
else
  echo "stage.sh: no 'strip' on PATH; native libraries keep their symbols (bigger installer)" >&2
fi

class_path=(natives/)
if [ "$cuda_jars" != none ]; then
  mkdir -p "$input/lib-cuda"
  for jar in "$cuda_jars"/*.jar; do
    cp "$jar" "$input/lib-cuda/"
    shipped+=("$(basename "$jar")")
    class_path+=("lib-cuda/$(basename "$jar")")
  done
  [ "${#class_path[@]}" -gt 1 ] || { echo "stage.sh: no CUDA jars in $cuda_jars" >&2; exit 1; }
fi

# Jars stored, not deflated: the package's xz then compresses all classes as one stream, which
# halves them in the installer (53 MB of jars: 46 MB deflated + xz, 22 MB stored + xz). Entries,
# order and manifests stay as they were (a signature, if any, covers the uncompressed bytes).
# The CUDA jars' native libraries (JavaCPP unpacks them from the jar) are stripped on the way.
python3 "$here/store-jars.py" "$input"/*.jar
[ ! -d "$input/lib-cuda" ] || python3 "$here/store-jars.py" --strip "$input"/lib-cuda/*.jar

# The class path names a folder through a manifest: jpackage lists only jars of --input's top
# folder in its launcher, so natives/ and lib-cuda/ join the class path here.
mkdir -p "$input/.natives-manifest"
python3 "$here/class-path-manifest.py" "${class_path[@]}" > "$input/.natives-manifest/MANIFEST.MF"
jar --create --file "$input/natives.jar" --manifest "$input/.natives-manifest/MANIFEST.MF"
rm -rf "$input/.natives-manifest"

mkdir -p "$input/assets/demo-corpus"
cp -r "$root/assets/alphabet" "$root/assets/presets" "$root/assets/demo-model" "$input/assets/"
# push-to-talk starts on the streaming model when one is bundled (app/…/transcribe/ModelChoices)
if [ -d "$root/assets/streaming-model" ]; then cp -r "$root/assets/streaming-model" "$input/assets/"; fi
cp -r "$root/assets/demo-corpus/audio" "$input/assets/demo-corpus/"
cp "$root"/assets/demo-corpus/*.jsonl "$root/assets/demo-corpus/README.md" "$input/assets/demo-corpus/"

cp "$root/docs/LICENSE-GPL-3.0.txt" "$input/licenses/"
cp "$here/../licenses/"*.txt "$input/licenses/"
# The plugin lists every resolved dependency; keep the lines of jars we ship (not our own
# modules, whose licence is the GPL text beside it, nor the dropped ones).
{
  echo "Third-party libraries in ASR Workbench, with the licences their poms declare."
  echo "Each library's own LICENSE/NOTICE files, where it has them, are inside its jar."
  echo
  while IFS= read -r line; do
    gav="$(sed -n 's/.*(\([^ :]*\):\([^ :]*\):\([^ :]*\) - .*/\2-\3/p' <<<"$line")"
    [ -n "$gav" ] || continue
    for name in "${shipped[@]}"; do
      case "$name" in asrwb-*) continue ;; "$gav".jar|"$gav"-*.jar) echo "$line"; break ;; esac
    done
  done < "$third_party"
  [ "$cuda_jars" = none ] || cat "$here/../licenses/cuda/THIRD-PARTY.txt"
} > "$input/licenses/THIRD-PARTY.txt"
