#!/usr/bin/env bash
# End-to-end check of bench/eval-real-recordings.sh (run by .ci/run; under a minute): the demo model
# and pocketsphinx on the built-in pocketsphinx-testdata set. Checks the shape of the result, not
# how well either recognises: the 4 card phrases with words outside the demo LM are set aside, the 3
# others are decoded by both, per speaker, and our figures as scored by bench/asr_scoring.py equal
# the engine's own `eval` figures (so the peer is scored exactly as ours is).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
bench/eval-real-recordings.sh --builtin-only --json "$out/result.json" > "$out/table.md"
grep -q '^| set | speaker | utterances | audio s | ours WER | ours CER | ours greedy WER | peer WER | peer CER | ours RTF | peer RTF |$' "$out/table.md"
grep -q '^| \*\*pocketsphinx-testdata\*\* | all | 3 |' "$out/table.md"
grep -q '^| \*\*total\*\* |  | 3 |' "$out/table.md"
python3 - "$out/result.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
[s] = d["sets"]
assert s["set"] == "pocketsphinx-testdata" and s["rows"] == 7, s
assert s["set_aside"] == 4 and s["utterances"] == 3, s
assert s["oov_words"] == ["clubs", "hearts", "of", "queen", "spades"], s["oov_words"]
assert s["scoring_matches_engine_eval"], "bench/asr_scoring.py disagrees with ./asrwb eval"
assert [p["speaker"] for p in s["speakers"]] == ["cards", "goforward", "tidigits-dhd"], s["speakers"]
assert all(h["peer"] for h in s["hypotheses"]), "pocketsphinx gave an empty hypothesis"
for key in ("ours", "ours_greedy", "peer"):
    assert s[key]["reference_words"] == 11 and 0 <= s[key]["wer"] <= 2, (key, s[key])
for key in ("ours_rtf", "peer_rtf"):
    assert 0 < s[key] < 100, (key, s[key])
assert d["lm_words_not_in_cmudict"] == [], d["lm_words_not_in_cmudict"]
assert d["total"]["utterances"] == 3
print("eval-real-recordings: end-to-end OK")
PY
