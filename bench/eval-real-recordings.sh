#!/usr/bin/env bash
# Our model and a peer, pocketsphinx (Debian's pocketsphinx + pocketsphinx-en-us: CMU's en-us
# acoustic model, cmudict), on the same real human recordings, never used for training: WER and CER
# (one normaliser, one corpus count for both: bench/asr_scoring.py) and real-time factor, per set
# and per speaker, as a markdown table (and --json FILE).
#
# Sets: every row of the NeMo manifests given with --manifest (default: <data dir>/corpora/
# real-speech/eval.jsonl when present; a row's "set" and "speaker" keys group it), and the built-in
# pocketsphinx-testdata set: the recordings Debian ships in pocketsphinx-testdata (BSD-2, CMU; the
# installed package, else apt-get download): "go forward ten meters", a TIDIGITS string and five
# playing-card phrases.
#
# The peer's LM: the model's own lm.arpa by default (exactly the LM our default decoding uses), or
# one built by './asrwb lm build --order 3' from --lm-text FILE or --lm-dataset NAME --db DB. Its
# dictionary is cmudict restricted to the LM's words (a word cmudict lacks is reported and left
# out). Rows with a word outside the LM vocabulary are set aside and counted (--all-rows keeps them).
#
# Usage: bench/eval-real-recordings.sh [--manifest EVAL.jsonl]... [--model DIR] [--lm-text FILE |
#          --lm-dataset NAME --db DB] [--all-rows] [--builtin-only | --no-builtin] [--json FILE]
# Needs: python3, sox, pocketsphinx, pocketsphinx-en-us (apt-get install sox pocketsphinx
# pocketsphinx-en-us pocketsphinx-testdata).
set -euo pipefail
exec python3 "$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/real_recordings.py" "$@"
