#!/usr/bin/env python3
"""Builds the real-speech corpus from Debian's packages into a data folder: every recording with a known
transcript, converted to FLAC, its transcript normalised, its speaker kept, and a report of every entry
that was left out and why.

Speakers and where they go (sources.py):
- never training, the visible real evaluation set: saytime's talking clock, alsa-utils' channel names and
  pocketsphinx-testdata's CMU recordings (go forward, a TIDIGITS string, playing cards, LibriVox);
- split by sentence (a seen speaker, unseen sentences): Asterisk's prompts, 12 % test and 8 % val by a hash
  of the sentence, so a sentence and its repeats always land together; Asterisk's isolated words (digits,
  letters, phonetic alphabet) always train, since spliced sentences are made of them;
- training: scid-data, ktuberling-data and klettres-data voices, Asterisk's training prompts also at 8 kHz
  (the telephone-band recording the package ships, as call-centre data comes), and sentences spliced from
  Asterisk's number words (splice.py).

Output in DIR: audio/<speaker>/*.flac, all.jsonl (every row), train.jsonl (train and val rows: import it
beside the synthetic hours), eval.jsonl (every test row), report.txt (what was left out), stamp.json.
"""

import argparse
import hashlib
import json
import os
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import normalise
import sources
import splice

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "demo-corpus"))
import hours  # noqa: E402  (the demo corpus's held-out test sentences)

TEST_SHARE, VAL_SHARE = 0.12, 0.08


def data_dir() -> Path:
    if os.environ.get("ASRWB_HOME"):
        return Path(os.environ["ASRWB_HOME"])
    if os.environ.get("XDG_DATA_HOME"):
        return Path(os.environ["XDG_DATA_HOME"]) / "asrwb"
    return Path.home() / ".local" / "share" / "asrwb"


def sentence_split(text: str) -> str:
    """test / val / train from a hash of the sentence: stable across runs and machines."""
    h = int(hashlib.sha256(text.encode()).hexdigest()[:8], 16) / 0x100000000
    return "test" if h < TEST_SHARE else "val" if h < TEST_SHARE + VAL_SHARE else "train"


def missing_packages() -> list[str]:
    probes = {"asterisk-core-sounds-en-g722": sources.ASTERISK, "asterisk-core-sounds-en": sources.ASTERISK_TEXT,
              "asterisk-core-sounds-en-wav": sources.ASTERISK / "digits" / "1.wav", "saytime": sources.SAYTIME,
              "alsa-utils": sources.ALSA, "scid-data": sources.SCID, "ktuberling-data": sources.KTUBERLING,
              "klettres-data": sources.KLETTRES, "pocketsphinx-testdata": sources.POCKETSPHINX}
    return [pkg for pkg, path in probes.items() if not path.exists()]


def convert(src: Path, raw_format: str, out: Path, g722: bool = False) -> float:
    """src -> 16-bit FLAC at its own rate (at most 16 kHz); returns the duration in seconds."""
    out.parent.mkdir(parents=True, exist_ok=True)
    part = out.with_suffix(".part.flac")
    if g722:  # sox has no G.722 decoder; the engine's own reads .g722 directly on import
        pcm = subprocess.run(["ffmpeg", "-v", "error", "-f", "g722", "-i", str(src), "-f", "s16le", "-ac", "1",
                              "-ar", "16000", "-"], check=True, capture_output=True).stdout
        subprocess.run(["sox", "-t", "s16", "-r", "16000", "-c", "1", "-", "-b", "16", str(part)],
                       input=pcm, check=True, capture_output=True)
    else:
        head = {"ul": ["-t", "ul", "-r", "8000", "-c", "1"], "s16": ["-t", "s16", "-r", "16000", "-c", "1"]}
        rate = int(subprocess.run(["soxi", "-r", *head.get(raw_format, []), str(src)], capture_output=True,
                                  text=True).stdout.strip() or 16000) if not raw_format else 0
        effects = ["remix", "-", "rate", "-v", "16000"] if rate > 16000 else ["remix", "-"]
        subprocess.run(["sox", *head.get(raw_format, []), str(src), "-b", "16", str(part), *effects],
                       check=True, capture_output=True)
    part.replace(out)
    return float(subprocess.run(["soxi", "-D", str(out)], capture_output=True, text=True, check=True).stdout)


def collect(report: list[str]) -> list[dict]:
    """Every usable clip as a planned row (audio not yet converted)."""
    clips = []
    for package, reader in sources.READERS.items():
        for item in reader():
            if isinstance(item, sources.Skip):
                report.append(f"{item.package}\t{item.source}\t{item.reason}")
                continue
            try:
                text = normalise.normalise(item.text)
            except normalise.Unspeakable as e:
                report.append(f"{item.package}\t{item.source.name}\t{e}")
                continue
            clips.append((item, text))
    forced_train = {text for item, text in clips if item.role == sources.TRAIN}
    held_out = hours.test_sentences()
    rows = []
    for item, text in clips:
        if item.role == sources.EVAL:
            split = "test"
        elif item.role == sources.TRAIN or text in forced_train:
            split = "train"
        else:
            split = "test" if text in held_out else sentence_split(text)
        # The file's name with its folder inside the package (digits/1 and letters/a do not collide).
        stem = f"{item.source.parent.name}_{item.source.stem}"
        rows.append({"item": item, "text": text, "split": split, "stem": stem})
    return rows


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", type=Path, default=None, help="default: <data dir>/corpora/real-speech")
    parser.add_argument("--splices", type=int, default=2400, help="spliced number sentences to render")
    parser.add_argument("--seed", type=int, default=20261128)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    missing = missing_packages()
    if missing:
        print(f"build.py: missing Debian packages: {' '.join(missing)}\n"
              f"  install them: sudo apt-get install -y {' '.join(missing)}", file=sys.stderr)
        return 2
    out = (args.out or data_dir() / "corpora" / "real-speech").resolve()
    out.mkdir(parents=True, exist_ok=True)
    report: list[str] = []
    planned = collect(report)
    start = time.monotonic()

    def make(row: dict) -> list[dict]:
        item = row["item"]
        base = {"text": row["text"], "speaker": item.speaker, "split": row["split"], "set": item.set,
                "origin": "real", "package": item.package}
        made = []
        if item.g722 is not None:
            path = f"audio/{item.speaker}/{row['stem']}.flac"
            seconds = convert(item.g722, "", out / path, g722=True)
            made.append({"audio_filepath": path, "duration": round(seconds, 4), **base})
            if row["split"] == "train" and item.source.suffix == ".wav":
                path8 = f"audio/{item.speaker}-8k/{row['stem']}.flac"
                seconds = convert(item.source, "", out / path8)
                made.append({"audio_filepath": path8, "duration": round(seconds, 4), **base, "set": "asterisk-8k"})
        else:
            path = f"audio/{item.speaker}/{row['stem']}.flac"
            seconds = convert(item.source, item.raw_format, out / path)
            made.append({"audio_filepath": path, "duration": round(seconds, 4), **base})
        return made

    with ThreadPoolExecutor(max_workers=args.jobs) as pool:
        rows = [r for made in pool.map(make, planned) for r in made]
    rows += spliced(args, out, rows)
    write(out, rows, report)
    hours_by_set = {}
    for r in rows:
        hours_by_set[(r["set"], r["split"])] = hours_by_set.get((r["set"], r["split"]), 0) + r["duration"]
    for (name, split), seconds in sorted(hours_by_set.items()):
        print(f"  {name:24s} {split:5s} {seconds / 60:7.1f} min", file=sys.stderr)
    print(f"{out}: {len(rows)} rows, {len(report)} entries left out (report.txt), "
          f"{time.monotonic() - start:.0f} s", file=sys.stderr)
    return 0


def spliced(args: argparse.Namespace, out: Path, rows: list[dict]) -> list[dict]:
    """Number sentences from the training side's single-word Asterisk recordings (digits/...)."""
    word_audio = {}
    for r in rows:
        if r["set"] == "asterisk" and r["split"] == "train" and "digits_" in r["audio_filepath"] \
                and len(r["text"].split()) == 1:
            word_audio.setdefault(r["text"], trimmed(out, out / r["audio_filepath"]))
    held_out = hours.test_sentences() | {r["text"] for r in rows if r["split"] != "train"}
    plan = splice.plan(args.seed, args.splices, set(word_audio), held_out)
    gap_dir = out / "work" / "gaps"
    gap_dir.mkdir(parents=True, exist_ok=True)

    def one(s: splice.Splice) -> dict:
        path = f"audio/asterisk-allison-spliced/{s.utt_id}.flac"
        if not (out / path).exists():
            splice.render(s, word_audio, gap_dir, out / path)
        seconds = float(subprocess.run(["soxi", "-D", str(out / path)], capture_output=True, text=True,
                                       check=True).stdout)
        return {"audio_filepath": path, "duration": round(seconds, 4), "text": s.text,
                "speaker": "asterisk-allison", "split": "train", "set": "asterisk-spliced", "origin": "real",
                "package": "asterisk-core-sounds-en-g722"}

    with ThreadPoolExecutor(max_workers=args.jobs) as pool:
        return list(pool.map(one, plan))


def trimmed(out: Path, flac: Path) -> Path:
    """A word recording without its leading and trailing silence (below -45 dBFS), for splicing."""
    target = out / "work" / "words" / flac.name.replace(".flac", ".wav")
    if not target.exists():
        target.parent.mkdir(parents=True, exist_ok=True)
        part = target.with_suffix(".part.wav")
        subprocess.run(["sox", str(flac), str(part), "silence", "1", "0.01", "-45d", "reverse", "silence", "1",
                        "0.01", "-45d", "reverse"], check=True, capture_output=True)
        part.replace(target)
    return target


def with_ids(rows: list[dict]) -> list[dict]:
    """Each row's id is its audio path less "audio/" and the extension. The catalog's default id is the file's
    stem, and the 8 kHz copies share their 16 kHz twins' stems: without this they were refused as duplicates."""
    return [{**r, "id": r["audio_filepath"].removeprefix("audio/").rsplit(".", 1)[0]} for r in rows]


def write(out: Path, rows: list[dict], report: list[str]) -> None:
    rows = with_ids(rows)

    def dump(name: str, keep) -> None:
        part = out / f"{name}.part"
        with open(part, "w", encoding="utf-8", newline="\n") as f:
            for r in rows:
                if keep(r):
                    f.write(json.dumps(r, ensure_ascii=True) + "\n")
        part.replace(out / name)

    dump("all.jsonl", lambda r: True)
    dump("train.jsonl", lambda r: r["split"] in ("train", "val"))
    dump("eval.jsonl", lambda r: r["split"] == "test")
    (out / "report.txt").write_text("package\tfile\twhy it was left out\n" + "\n".join(report) + "\n")
    speakers = {}
    for r in rows:
        speakers.setdefault(r["split"], set()).add(r["speaker"])
    (out / "stamp.json").write_text(json.dumps(
        {"rows": len(rows), "speakers": {k: sorted(v) for k, v in speakers.items()},
         "left_out": len(report)}, indent=2) + "\n")


if __name__ == "__main__":
    sys.exit(main())
