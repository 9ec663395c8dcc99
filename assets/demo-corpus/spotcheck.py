#!/usr/bin/env python3
"""Optional listening substitute for a few utterances per voice.

1. SNR check: re-renders each sampled utterance without noise (same text, voice, speed, pitch, trim and
   padding, so sample-aligned) and derives the SNR from its correlation with the corpus file. Measured close
   to planned means the file holds the speech of the manifest's text at the planned noise level; a file of
   silence or of another sentence measures far below (near -inf).
2. Recognition check: decodes the noisy file and the noise-free rendering with CMU PocketSphinx restricted
   to the corpus vocabulary and prints both WERs. Its American acoustic model is a weak judge of espeak-ng's
   formant voices (high WER even when clean), so compare the columns, not absolute values.

Needs Debian's pocketsphinx and pocketsphinx-en-us, which generating the corpus does not.
"""

import argparse
import array
import dataclasses
import json
import math
import subprocess
import sys
import tempfile
from pathlib import Path

import generate
import grammar

HERE = Path(__file__).resolve().parent
MODEL = Path("/usr/share/pocketsphinx/model/en-us")


def edit_distance(ref: list[str], hyp: list[str]) -> int:
    row = list(range(len(hyp) + 1))
    for i, r in enumerate(ref, 1):
        prev, row[0] = row[0], i
        for j, h in enumerate(hyp, 1):
            prev, row[j] = row[j], min(row[j] + 1, row[j - 1] + 1, prev + (r != h))
    return row[-1]


def decode(wavs: list[Path], grammar_file: Path) -> list[str]:
    out = []
    for wav in wavs:
        result = subprocess.run(
            ["pocketsphinx_continuous", "-infile", str(wav), "-jsgf", str(grammar_file),
             "-dict", str(MODEL / "cmudict-en-us.dict"), "-hmm", str(MODEL / "en-us"), "-logfn", "/dev/null"],
            capture_output=True, text=True)
        out.append(" ".join(result.stdout.split()))
    return out


def samples(path: Path) -> array.array:
    raw = subprocess.run(["sox", str(path), "-t", "raw", "-e", "signed-integer", "-b", "16", "-"],
                         capture_output=True, check=True).stdout
    return array.array("h", raw)


def measured_snr_db(noisy: Path, clean: Path) -> float:
    """SNR implied by the correlation of the file with its noise-free re-rendering (same text, voice, timing)."""
    x, y = samples(noisy), samples(clean)
    if len(x) != len(y):
        return float("nan")
    xy = sum(a * b for a, b in zip(x, y))
    xx, yy = sum(a * a for a in x), sum(b * b for b in y)
    c2 = min(xy * xy / (xx * yy), 1 - 1e-12) if xx and yy and xy > 0 else 0.0
    return 10 * math.log10(c2 / (1 - c2)) if c2 else float("-inf")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--corpus", type=Path, default=HERE)
    parser.add_argument("--per-voice", type=int, default=4)
    args = parser.parse_args()
    # The plan is a pure function of the options recorded in the stamp, so it is recomputed, not stored.
    stamp = json.loads((args.corpus / "generator-stamp.json").read_text())
    plan = {u.utt_id: u for u in generate.plan(stamp["seed"], stamp["utts_per_voice"], tuple(stamp["snr_db"]))}
    rows = [json.loads(l) for split in generate.SPLITS for l in (args.corpus / f"{split}.jsonl").open()]
    by_voice: dict[str, list[dict]] = {}
    for row in rows:
        by_voice.setdefault(row["speaker"], []).append(row)
    with tempfile.TemporaryDirectory(prefix="spotcheck-") as work:
        work = Path(work)
        gram = work / "demo.gram"
        gram.write_text("#JSGF V1.0;\ngrammar demo;\npublic <utt> = <w>+;\n<w> = "
                        + " | ".join(sorted(grammar.VOCABULARY)) + ";\n")
        # Noise 200 dB down: the same pipeline renders the speech alone, sample-aligned with the corpus file.
        renderer = generate.Renderer(work / "clean", work, noise_margin_db=10.0, min_sqnr_db=90.0)
        renderer.make_noise_beds()
        print(f"{'voice':30} {'split':5} {'SNR plan/meas':>13} {'WER noisy':>9} {'clean':>6}  first (ref -> noisy hyp)")
        for speaker, voice_rows in by_voice.items():
            sample = voice_rows[:: max(1, len(voice_rows) // args.per_voice)][: args.per_voice]
            noisy, clean, snr_plan, snr_meas = [], [], [], []
            for k, row in enumerate(sample):
                utt = dataclasses.replace(plan[Path(row["audio_filepath"]).stem], snr_db=200.0)
                renderer.render(utt)
                noisy.append(work / f"n{k}.wav")
                clean.append(work / f"c{k}.wav")
                subprocess.run(["sox", str(args.corpus / row["audio_filepath"]), str(noisy[-1])], check=True)
                subprocess.run(["sox", str(work / "clean" / utt.audio_path), str(clean[-1])], check=True)
                snr_plan.append(plan[utt.utt_id].snr_db)
                snr_meas.append(measured_snr_db(noisy[-1], clean[-1]))
            refs = [r["text"].split() for r in sample]
            words = sum(len(r) for r in refs)
            hyp_noisy, hyp_clean = decode(noisy, gram), decode(clean, gram)
            wer_noisy = sum(edit_distance(r, h.split()) for r, h in zip(refs, hyp_noisy)) / words
            wer_clean = sum(edit_distance(r, h.split()) for r, h in zip(refs, hyp_clean)) / words
            snr = f"{sum(snr_plan) / len(sample):5.1f}/{sum(snr_meas) / len(sample):5.1f}"
            print(f"{speaker:30} {sample[0]['split']:5} {snr:>13} {wer_noisy:9.0%} {wer_clean:6.0%}  "
                  f"{sample[0]['text']} -> {hyp_noisy[0]}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
