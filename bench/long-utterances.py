#!/usr/bin/env python3
"""Builds a corpus of 1-16 s utterances from the committed demo corpus's train split, for
bench/batch-memory.sh: each utterance joins consecutive clips of one speaker with sox (and their
transcripts with a space), drawing target lengths uniformly from 1 to 16 s, so fixed-count batches
range from a few to a few hundred padded seconds. Festival voices are not in the demo corpus.

Usage: bench/long-utterances.py OUT_DIR [--count 120] [--seed 7]   (writes OUT_DIR/long.jsonl)
"""
import argparse
import json
import random
import subprocess
from collections import defaultdict
from pathlib import Path

corpus = Path(__file__).resolve().parent.parent / "assets" / "demo-corpus"


def main() -> int:
    p = argparse.ArgumentParser()
    p.add_argument("out", type=Path)
    p.add_argument("--count", type=int, default=120)
    p.add_argument("--seed", type=int, default=7)
    a = p.parse_args()
    rng = random.Random(a.seed)
    by_speaker = defaultdict(list)
    for line in (corpus / "demo.jsonl").read_text().splitlines():
        row = json.loads(line)
        if row["split"] == "train":
            by_speaker[row["speaker"]].append(row)
    speakers = sorted(by_speaker)
    (a.out / "audio").mkdir(parents=True, exist_ok=True)
    rows = []
    for i in range(a.count):
        speaker = speakers[i % len(speakers)]
        clips = by_speaker[speaker]
        target = rng.uniform(1.0, 16.0)
        start = rng.randrange(len(clips))
        chosen, seconds = [], 0.0
        while seconds < target and len(chosen) < len(clips):
            clip = clips[(start + len(chosen)) % len(clips)]
            if chosen and seconds + clip["duration"] > 16.0:
                break
            chosen.append(clip)
            seconds += clip["duration"]
        name = f"audio/long-{i:03d}.wav"
        subprocess.run(["sox", *[str(corpus / c["audio_filepath"]) for c in chosen],
                        "-r", "16000", "-c", "1", "-b", "16", str(a.out / name)], check=True)
        rows.append({"audio_filepath": name, "duration": round(seconds, 4),
                     "text": " ".join(c["text"] for c in chosen), "speaker": speaker, "split": "train"})
    (a.out / "long.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows))
    print(f"{len(rows)} utterances, {sum(r['duration'] for r in rows) / 60:.1f} min, "
          f"{min(r['duration'] for r in rows):.1f}-{max(r['duration'] for r in rows):.1f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
