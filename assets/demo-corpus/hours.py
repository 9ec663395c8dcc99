#!/usr/bin/env python3
"""Renders hours of the demo domain into a data folder, for training: every English accent of espeak-ng
with every one of its variants, and every flite voice, except the voices the committed corpus holds out.

Run it through generate.sh (`generate.sh --hours N --out DIR`), which checks the tools first. It reuses the
committed corpus's pipeline (generate.py: TTS -> trim -> level -> noise -> FLAC) and grammar, and writes
DIR/train.jsonl (NeMo manifest, paths relative to DIR), and DIR/demo-hours.jsonl: those rows plus the committed
corpus's val and test splits (audio copied to DIR/committed/), whose voices and espeak-ng variants (timbres)
never speak in the generated train split.

Festival's voices are never used: they are held out for an independent evaluation.

The plan is a pure function of the seed and the voice list, and N hours is a prefix of N+1 hours, so a larger
--hours only renders what is missing. DIR/hours-stamp.json records the code, seed, voices, tool versions and
the hours rendered; a run whose stamp already covers the request does nothing.
"""

import argparse
import hashlib
import json
import math
import random
import re
import subprocess
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import generate
import grammar
from voices import VOICES, Voice

HERE = Path(__file__).resolve().parent
# Mean utterance length of the committed corpus (1.68 s): sizes the plan before anything is rendered.
MEAN_SECONDS = 1.68
# Engines this generator may use. Festival is deliberately absent: its voices are the independent test.
ENGINES = ("espeak-ng", "flite")
# flite's awb_time is a limited-domain voice that only speaks the time of day. kal and kal16 are built
# from the recordings of Festival's kal (Debian festvox-kallpc8k/16k), slt from those of Festival's slt
# (festvox-us-slt-hts, CMU ARCTIC): Festival's voices are held out, so their speakers are too.
FLITE_SKIP = {"awb_time", "kal", "kal16", "slt"}


def held_out(voices: list[Voice]) -> tuple[set[str], set[str]]:
    """(espeak-ng variants, flite voices) of the committed corpus's val and test voices."""
    variants = {v.name.split("+", 1)[1] for v in voices if v.engine == "espeak-ng" and v.split != "train"}
    flite = {v.name for v in voices if v.engine == "flite" and v.split != "train"}
    return variants, flite


# A variant sharing this many formant lines with a held-out variant is the same vocal tract with other
# pitch, flutter or echo (test linda = belinda and f4; m8 = robosoft..6; anika = anikaRobot; victor =
# Storm shares its first two): a held-out voice's near-twin in training would make "unseen voice" untrue.
TWIN_FORMANT_LINES = 2


def variant_formants(variant: str) -> dict[str, tuple[str, ...]]:
    """The `formant N freq height width` lines of an espeak-ng variant file, by formant number."""
    path = espeak_variant_dir() / variant
    out = {}
    for line in path.read_text(encoding="utf-8", errors="replace").splitlines():
        cols = line.split("//")[0].split()
        if len(cols) >= 5 and cols[0] == "formant":
            out[cols[1]] = tuple(cols[2:])
    return out


def espeak_variant_dir() -> Path:
    """espeak-ng-data/voices/!v, where `espeak-ng --version` says its data lives."""
    version = generate.run_stdout(["espeak-ng", "--version"])
    match = re.search(r"Data at:\s*(\S+)", version)
    if not match:
        raise RuntimeError(f"cannot find espeak-ng's data folder in: {version.strip()}")
    return Path(match.group(1)) / "voices" / "!v"


def near_twins(held_variants: set[str], candidates: list[str]) -> dict[str, str]:
    """Candidate variant -> the held-out variant whose formant table it (partly) copies."""
    held = {h: variant_formants(h) for h in sorted(held_variants)}
    twins = {}
    for c in candidates:
        if c in held_variants:
            continue
        mine = variant_formants(c)
        for h, theirs in held.items():
            if sum(1 for k, v in theirs.items() if mine.get(k) == v) >= TWIN_FORMANT_LINES:
                twins[c] = h
                break
    return twins


def espeak_accents() -> list[str]:
    """English languages with their own espeak-ng rules (gmw/ files; mbrola voices are other engines)."""
    accents = set()
    for line in generate.run_stdout(["espeak-ng", "--voices=en"]).splitlines()[1:]:
        cols = line.split()
        if len(cols) >= 5 and cols[4].startswith("gmw/") and cols[1].startswith("en"):
            # espeak-ng 1.51 ignores a variant appended to "en-gb"; "en" is the same British English.
            accents.add("en" if cols[1] == "en-gb" else cols[1])
    return sorted(accents)


def espeak_variants() -> list[tuple[str, str]]:
    """(variant file name, sex) for every espeak-ng variant whose name is one word (it names files)."""
    out = []
    for line in generate.run_stdout(["espeak-ng", "--voices=variant"]).splitlines()[1:]:
        match = re.search(r"\s!v/(\S+)(\s\s|\s*$)", line)
        cols = line.split()
        if match and len(cols) >= 4:
            sex = cols[2].split("/")[-1].lower()
            out.append((match.group(1), "f" if sex == "f" else "m"))
    return sorted(set(out))


def flite_voices() -> list[str]:
    listed = generate.run_stdout(["flite", "-lv"]).split(":", 1)[-1].split()
    return sorted(v for v in listed if v not in FLITE_SKIP)


def training_voices() -> list[Voice]:
    skip_variants, skip_flite = held_out(VOICES)
    variants = espeak_variants()
    skip_variants = skip_variants | set(near_twins(skip_variants, [name for name, _ in variants]))
    known_flite = {v.name: v for v in VOICES if v.engine == "flite"}
    voices = [Voice("espeak-ng", f"{accent}+{variant}", sex, "train")
              for accent in espeak_accents()
              for variant, sex in variants if variant not in skip_variants]
    for name in flite_voices():
        if name not in skip_flite:
            base = known_flite.get(name)
            voices.append(Voice("flite", name, base.sex if base else "m", "train", base.base_f0 if base else 0.0))
    # A seeded order mixes accents, variants and engines, so even a short run spans all kinds of voice.
    random.Random("voice-order").shuffle(voices)
    for v in voices:
        if v.engine not in ENGINES:
            raise AssertionError(f"voice {v.name} of {v.engine}: only {ENGINES} may render training data")
    return voices


# Test sentences this long are held out of training; shorter ones ("stop", "turn left", "one") are the
# domain's core commands, which a model must hear alone to know them, so their test rows move to val.
HELD_OUT_MIN_WORDS = 3


def test_sentences() -> set[str]:
    """The committed corpus's held-out test sentences: never spoken in training, so the test holds out
    sentences as well as voices (and the LM, built from the training transcripts, never saw them)."""
    with open(HERE / "test.jsonl", encoding="utf-8") as f:
        texts = {json.loads(line)["text"] for line in f if line.strip()}
    return {t for t in texts if len(t.split()) >= HELD_OUT_MIN_WORDS}


def plan(seed: int, voices: list[Voice], count: int, snr: tuple[float, float]) -> list[generate.Utterance]:
    """Utterance k goes to voice k mod V as that voice's (k div V)-th: more hours only append. A drawn
    sentence of the committed test split is drawn again from the same seeded stream."""
    held_out_sentences = test_sentences()
    rows = []
    for k in range(count):
        voice, i = voices[k % len(voices)], k // len(voices)
        rng = random.Random(f"{seed}/{voice.speaker_id}/{i}")
        text = grammar.sentence(rng)
        while text in held_out_sentences:
            text = grammar.sentence(rng)
        if voice.engine == "espeak-ng":
            speed, pitch = round(rng.uniform(120, 210)), round(rng.uniform(25, 75))
        else:
            speed, pitch = round(rng.uniform(0.8, 1.25), 3), round(rng.uniform(0.85, 1.15), 3)
        noise = rng.choices(list(generate.NOISE_WEIGHTS), weights=list(generate.NOISE_WEIGHTS.values()))[0]
        rows.append(generate.Utterance(
            utt_id=f"{voice.speaker_id}-{i:05d}", speaker=voice.speaker_id, split="train", text=text,
            speed=speed, pitch=pitch, noise=noise, noise_position=round(rng.random(), 6),
            snr_db=round(rng.uniform(*snr), 2), level_dbfs=round(rng.uniform(-32, -16), 2),
            pad_head_s=round(rng.uniform(0.05, 0.40), 3), pad_tail_s=round(rng.uniform(0.05, 0.40), 3)))
    return rows


def stamp(args: argparse.Namespace, voices: list[Voice]) -> dict:
    code = hashlib.sha256()
    for name in ("hours.py", "generate.py", "grammar.py", "voices.py", "test.jsonl"):
        code.update((HERE / name).read_bytes())
    return {"code_sha256": code.hexdigest(), "seed": args.seed, "snr_db": [args.snr_min, args.snr_max],
            "voices": [v.speaker_id for v in voices], "tools": generate.tool_versions()}


def copy_held_out_rows() -> list[dict]:
    """The committed corpus's val and test rows as DIR/demo-hours.jsonl holds them (audio under committed/)."""
    rows = []
    held = test_sentences()
    for split in ("val", "test"):
        for line in (HERE / f"{split}.jsonl").read_text(encoding="utf-8").splitlines():
            row = json.loads(line)
            # A short test sentence is also a training sentence: its row validates, it does not test.
            moved = split == "test" and row["text"] not in held
            rows.append({**row, "audio_filepath": f"committed/{row['audio_filepath']}",
                         "split": "val" if moved else split, "origin": "synthetic"})
    return rows


def copy_held_out(out_dir: Path) -> list[dict]:
    """The committed corpus's val and test utterances, their audio copied under DIR/committed/ (7 MB), so
    DIR/demo-hours.jsonl is one self-contained dataset: generated train, the committed corpus's unseen voices
    (and, for test, unseen sentences) for val and test."""
    rows = copy_held_out_rows()
    for row in rows:
        target = out_dir / row["audio_filepath"]
        if not target.exists():
            target.parent.mkdir(parents=True, exist_ok=True)
            generate.shutil.copyfile(HERE / row["audio_filepath"].removeprefix("committed/"), target)
    return rows


def data_dir() -> Path:
    """The workbench's data dir, by the rules of the engine's AppDirs (ASRWB_HOME, XDG_DATA_HOME, OS default)."""
    import os
    if os.environ.get("ASRWB_HOME", "").strip():
        return Path(os.environ["ASRWB_HOME"])
    if os.environ.get("XDG_DATA_HOME", "").strip():
        return Path(os.environ["XDG_DATA_HOME"]) / "asrwb"
    if sys.platform == "darwin":
        return Path.home() / "Library" / "Application Support" / "asrwb"
    if sys.platform.startswith("win"):
        return Path(os.environ.get("APPDATA") or Path.home() / "AppData" / "Roaming") / "asrwb"
    return Path.home() / ".local" / "share" / "asrwb"


def clock(seconds: float) -> str:
    seconds = int(seconds)
    return f"{seconds // 3600}:{seconds // 60 % 60:02d}:{seconds % 60:02d}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--hours", type=float, help="hours of speech to render")
    parser.add_argument("--out", type=Path, default=None,
                        help="folder to write (default: <the workbench data dir>/corpora/demo-hours)")
    parser.add_argument("--seed", type=int, default=20261126)
    parser.add_argument("--snr-min", type=float, default=5.0)
    parser.add_argument("--snr-max", type=float, default=40.0)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--list-voices", action="store_true", help="print the voices and exit")
    args = parser.parse_args()

    voices = training_voices()
    if args.list_voices:
        for v in voices:
            print(f"{v.engine}\t{v.name}\t{v.sex}")
        print(f"{len(voices)} voices", file=sys.stderr)
        return 0
    if args.hours is None:
        parser.error("--hours N is needed")
    if args.out is None:
        args.out = data_dir() / "corpora" / "demo-hours"
    if not args.hours > 0:
        parser.error("--hours must be > 0")
    out_dir = args.out.resolve()
    if out_dir == HERE:
        parser.error("--out must be a data folder, not the committed corpus's folder")
    out_dir.mkdir(parents=True, exist_ok=True)
    wanted = stamp(args, voices)
    stamp_file = out_dir / "hours-stamp.json"
    old = json.loads(stamp_file.read_text()) if stamp_file.exists() else None
    count = math.ceil(args.hours * 3600 / MEAN_SECONDS)
    if old is not None and {k: v for k, v in old.items() if k not in ("hours", "utterances")} == wanted:
        if old["utterances"] >= count:
            print(f"{out_dir}: already holds {old['hours']:.2f} h ({old['utterances']} utterances, stamp "
                  f"{stamp_file.name}); nothing to do", file=sys.stderr)
            return 0
    elif (out_dir / "audio").exists():
        print(f"{out_dir}: stamp differs (code, seed, voices or tool versions changed); re-rendering", file=sys.stderr)
        generate.shutil.rmtree(out_dir / "audio")
    stamp_file.unlink(missing_ok=True)

    utterances = plan(args.seed, voices, count, (args.snr_min, args.snr_max))
    todo = [u for u in utterances if not (out_dir / u.audio_path).exists()]
    print(f"{len(voices)} voices ({sum(v.engine == 'espeak-ng' for v in voices)} espeak-ng accent x variant, "
          f"{sum(v.engine == 'flite' for v in voices)} flite), {count} utterances planned for "
          f"{args.hours:g} h, {len(todo)} to render with {args.jobs} jobs", file=sys.stderr)

    start = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="demo-hours-") as work:
        renderer = generate.Renderer(out_dir, Path(work), 10.0, 35.0)
        renderer.voices = {v.speaker_id: v for v in voices}
        renderer.make_noise_beds()
        done, lock = [0], threading.Lock()

        def render_one(utt: generate.Utterance) -> None:
            renderer.render(utt)
            with lock:
                done[0] += 1
                if done[0] % 20 == 0 or done[0] == len(todo):
                    elapsed = time.monotonic() - start
                    eta = elapsed / done[0] * (len(todo) - done[0])
                    end = "\n" if done[0] == len(todo) else ""
                    print(f"\r  rendered {done[0]}/{len(todo)} ({100 * done[0] / len(todo):.0f} %), "
                          f"elapsed {clock(elapsed)}, left about {clock(eta)}", end=end, file=sys.stderr, flush=True)

        with ThreadPoolExecutor(max_workers=args.jobs) as pool:
            list(pool.map(render_one, todo))

    seconds = 0.0
    with open(out_dir / "train.jsonl.part", "w", encoding="utf-8", newline="\n") as f:
        for utt in utterances:
            rate, samples = generate.flac_samples(out_dir / utt.audio_path)
            seconds += samples / rate
            # origin and tts: what a trained model records it learned from (training-data.json)
            f.write(json.dumps({"audio_filepath": utt.audio_path, "duration": round(samples / rate, 4),
                                "text": utt.text, "speaker": utt.speaker, "split": "train",
                                "origin": "synthetic", "tts": renderer.voices[utt.speaker].engine},
                               ensure_ascii=True) + "\n")
    (out_dir / "train.jsonl.part").replace(out_dir / "train.jsonl")
    held_out_rows = copy_held_out(out_dir)
    with open(out_dir / "demo-hours.jsonl.part", "w", encoding="utf-8", newline="\n") as f:
        f.write((out_dir / "train.jsonl").read_text(encoding="utf-8"))
        for row in held_out_rows:
            f.write(json.dumps(row, ensure_ascii=True) + "\n")
    (out_dir / "demo-hours.jsonl.part").replace(out_dir / "demo-hours.jsonl")
    stamp_file.write_text(json.dumps({**wanted, "hours": round(seconds / 3600, 4), "utterances": count},
                                     indent=2) + "\n")
    print(f"{out_dir}: {count} utterances, {seconds / 3600:.2f} h, {len(voices)} voices; import "
          f"{out_dir / 'demo-hours.jsonl'} (NeMo manifest: this train split, the committed corpus's val and "
          f"test) to train on it", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
