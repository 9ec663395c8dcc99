#!/usr/bin/env python3
"""One real speaker's clips as NeMo manifests for bench/finetune-real-voice.sh.

A fixed held-out test set (20 % of the sentences, by a seeded hash of the normalised text, so one
sentence is never on both sides) and, from the rest in a seeded order, nested training prefixes of
N minutes each (the 3-minute set starts with the 1-minute set). Each manifest holds its training
prefix (split "train") and the whole test set (split "test").

Source: the real-speech corpus (<data dir>/corpora/real-speech/all.jsonl, rows of speaker
asterisk-allison) when it is there; else Debian's asterisk-core-sounds-en-wav (Allison Smith,
8 kHz) with the package's transcripts, normalised here: numbers of up to two digits as words,
'#' as "pound" and '*' as "star", punctuation dropped; entries whose wording cannot be known
(bracketed non-speech, longer numbers, symbols) are skipped and listed.

Usage: real-voice-clips.py OUT_DIR [--minutes 1,3,10] [--seed 7] [--max-seconds 16]
"""
import argparse
import gzip
import hashlib
import json
import os
import random
import re
import shutil
import sys
import wave

SOUNDS = "/usr/share/asterisk/sounds/en_US_f_Allison"
TRANSCRIPTS = "/usr/share/doc/asterisk-core-sounds-en/core-sounds-en.txt.gz"
SPEAKER = "asterisk-allison"
ONES = ("zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen"
        " fifteen sixteen seventeen eighteen nineteen").split()
TENS = "_ _ twenty thirty forty fifty sixty seventy eighty ninety".split()


def number_words(n):
    if n < 20:
        return ONES[n]
    return TENS[n // 10] + ("" if n % 10 == 0 else " " + ONES[n % 10])


def normalise(text):
    """The transcript as the alphabet spells it, or None when its wording cannot be known."""
    if re.search(r"[\[\]<>=+$@/(){}]", text) or re.search(r"\d{3,}|\d[.,]\d", text):
        return None
    t = text.replace("#", " pound ").replace("*", " star ")
    t = re.sub(r"\d+", lambda m: " " + number_words(int(m.group())) + " ", t)
    t = t.lower().replace("-", " ")
    t = re.sub(r"[^a-z' ]", " ", t)
    t = " ".join(t.split())
    return t or None


def seconds(path):
    with wave.open(path) as w:
        return w.getnframes() / w.getframerate()


def data_dir():
    if os.environ.get("ASRWB_HOME"):
        return os.environ["ASRWB_HOME"]
    base = os.environ.get("XDG_DATA_HOME") or os.path.expanduser("~/.local/share")
    return os.path.join(base, "asrwb")


def from_corpus(path):
    rows = []
    folder = os.path.dirname(path)
    with open(path, encoding="utf-8") as f:
        for line in f:
            r = json.loads(line)
            if r.get("speaker") != SPEAKER:
                continue
            audio = r["audio_filepath"]
            if not os.path.isabs(audio):
                audio = os.path.join(folder, audio)
            rows.append({"audio_filepath": audio, "duration": r["duration"], "text": r["text"]})
    return rows, []


def from_package():
    rows, skipped = [], []
    with gzip.open(TRANSCRIPTS, "rt", encoding="utf-8", errors="replace") as f:
        for line in f:
            if line.startswith(";") or ":" not in line:
                continue
            name, text = line.split(":", 1)
            name, text = name.strip(), text.strip()
            audio = os.path.join(SOUNDS, name + ".wav")
            if not os.path.isfile(audio):
                continue
            norm = normalise(text)
            if norm is None:
                skipped.append(f"{name}: {text[:70]}")
                continue
            rows.append({"audio_filepath": audio, "duration": round(seconds(audio), 4),
                         "text": norm})
    return rows, skipped


def local(row, out):
    """The clip copied under OUT (the catalog keeps a dataset's audio under its folder)."""
    if os.path.isabs(row["audio_filepath"]):
        rel = os.path.join("audio", row["audio_filepath"].strip("/").replace("/", "_"))
        if not os.path.exists(os.path.join(out, rel)):
            os.makedirs(os.path.join(out, "audio"), exist_ok=True)
            shutil.copyfile(row["audio_filepath"], os.path.join(out, rel))
        row["audio_filepath"] = rel


def held_out(text, seed):
    digest = hashlib.sha256(f"{seed}:{text}".encode()).digest()
    return digest[0] % 5 == 0  # 20 % of the sentences


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("out")
    ap.add_argument("--minutes", default="1,3,10")
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--max-seconds", type=float, default=16.0)
    args = ap.parse_args()
    corpus = os.path.join(data_dir(), "corpora", "real-speech", "all.jsonl")
    if os.path.isfile(corpus):
        rows, skipped = from_corpus(corpus)
        source = f"the real-speech corpus ({corpus}), speaker {SPEAKER}"
    else:
        rows, skipped = from_package()
        source = f"{SOUNDS} (asterisk-core-sounds-en-wav), transcripts normalised here"
    too_long = [r for r in rows if r["duration"] > args.max_seconds]
    rows = [r for r in rows if r["duration"] <= args.max_seconds]
    test = [r for r in rows if held_out(r["text"], args.seed)]
    pool = [r for r in rows if not held_out(r["text"], args.seed)]
    random.Random(args.seed).shuffle(pool)
    os.makedirs(args.out, exist_ok=True)
    print(f"source: {source}")
    print(f"clips: {len(rows)} usable, {len(skipped)} skipped (wording unknown),"
          f" {len(too_long)} over {args.max_seconds:g} s")
    for s in skipped:
        print(f"  skipped: {s}")
    test_min = sum(r["duration"] for r in test) / 60
    pool_min = sum(r["duration"] for r in pool) / 60
    print(f"held out: {len(test)} clips, {test_min:.1f} min; training pool {len(pool)} clips,"
          f" {pool_min:.1f} min")
    for minutes in (float(m) for m in args.minutes.split(",")):
        take, total = [], 0.0
        for r in pool:
            if total >= minutes * 60:
                break
            take.append(r)
            total += r["duration"]
        if total < minutes * 60 * 0.95:
            sys.exit(f"only {total / 60:.1f} min of training clips, {minutes:g} asked")
        name = f"{minutes:g}min"
        for r in take + test:
            local(r, args.out)
        with open(os.path.join(args.out, f"{name}.jsonl"), "w", encoding="utf-8") as f:
            for split, part in (("train", take), ("test", test)):
                for r in part:
                    f.write(json.dumps({**r, "speaker": SPEAKER, "split": split}) + "\n")
        print(f"{name}: {len(take)} training clips, {total / 60:.2f} min")


if __name__ == "__main__":
    main()
