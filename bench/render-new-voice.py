#!/usr/bin/env python3
"""Renders the demo domain's sentences in one espeak-ng voice the demo model never heard (a voice of
another language reading English: its own letter-to-sound rules and timbre) into a NeMo manifest with
a train split, a small val split and a held-out test split, each of other sentences, for bench/finetune-new-voice.sh.

Usage: bench/render-new-voice.py OUT_DIR [--voice de+m3] [--train 150] [--val 12] [--test 40]
"""
import argparse
import json
import random
import subprocess
from pathlib import Path

here = Path(__file__).resolve().parent
corpus = here.parent / "assets" / "demo-corpus"


def sentences() -> list[str]:
    seen, out = set(), []
    for name in ("train.jsonl", "val.jsonl", "test.jsonl"):
        for line in (corpus / name).read_text().splitlines():
            text = json.loads(line)["text"]
            if text not in seen:
                seen.add(text)
                out.append(text)
    return out


def main() -> int:
    p = argparse.ArgumentParser()
    p.add_argument("out", type=Path)
    p.add_argument("--voice", default="de+m3")
    p.add_argument("--train", type=int, default=150)
    p.add_argument("--test", type=int, default=40)
    p.add_argument("--val", type=int, default=12)
    a = p.parse_args()
    texts = sentences()
    random.Random(16).shuffle(texts)
    # held-out sentences never occur in the fine-tuning split
    n_test, n_val = a.test, a.test + a.val
    plan = ([("test", t) for t in texts[:n_test]] + [("val", t) for t in texts[n_test:n_val]]
            + [("train", t) for t in texts[n_val : n_val + a.train]])
    audio = a.out / "audio"
    audio.mkdir(parents=True, exist_ok=True)
    rng = random.Random(7)
    rows = []
    for i, (split, text) in enumerate(plan):
        wav = audio / f"{split}-{i:04d}.wav"
        raw = audio / f"raw-{i:04d}.wav"
        subprocess.run(["espeak-ng", "-v", a.voice, "-s", str(rng.randint(140, 185)), "-w", str(raw), text], check=True)
        subprocess.run(["sox", str(raw), "-r", "16000", "-c", "1", "-b", "16", str(wav),
                        "silence", "1", "0.02", "-45d", "reverse", "silence", "1", "0.02", "-45d", "reverse",
                        "pad", "0.15", "0.2", "vol", "0.8"], check=True)
        raw.unlink()
        seconds = float(subprocess.run(["soxi", "-D", str(wav)], check=True, capture_output=True, text=True).stdout)
        rows.append({"audio_filepath": f"audio/{wav.name}", "duration": round(seconds, 4), "text": text, "split": split})
    (a.out / "manifest.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows))
    for split in ("train", "val", "test"):
        s = sum(r["duration"] for r in rows if r["split"] == split)
        print(f"{split}: {sum(r['split'] == split for r in rows)} utterances, {s / 60:.1f} min ({a.voice})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
