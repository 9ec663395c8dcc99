#!/usr/bin/env python3
"""Renders the demo corpus: plan (pure function of the seed) -> TTS -> trim -> level -> noise -> FLAC -> manifests.

Run it through generate.sh, which checks the tools first. Only the Python standard library is used; the
audio work is done by espeak-ng, flite, sox and flac, so the output depends on those tools' versions, which
are recorded in generator-stamp.json. If the stamp (code, options, tool versions) is unchanged, existing
files are kept and only missing ones are rendered; otherwise the audio folder is rebuilt from scratch.
"""

import argparse
import hashlib
import json
import math
import random
import re
import shutil
import subprocess
import sys
import tempfile
import threading
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import grammar
from voices import VOICES, Voice

HERE = Path(__file__).resolve().parent
SAMPLE_RATE = 16000
SPLITS = ("train", "val", "test")
TEXT_PATTERN = re.compile(r"^[a-z']+( [a-z']+)*$")

# Noise beds: long deterministic noise recordings (sox -R seeds its generator with a fixed number);
# each utterance takes a segment at a planned offset. Weights favour the colours that sound like rooms.
NOISE_BED_SECONDS = 300
NOISE_BEDS = {
    "pink": ["synth", str(NOISE_BED_SECONDS), "pinknoise"],
    "brown": ["synth", str(NOISE_BED_SECONDS), "brownnoise"],
    "fan": ["synth", str(NOISE_BED_SECONDS), "whitenoise", "highpass", "80", "lowpass", "1800", "lowpass", "1800"],
}
NOISE_WEIGHTS = {"pink": 0.4, "brown": 0.3, "fan": 0.3}


@dataclass(frozen=True)
class Utterance:
    """Everything random about one utterance, drawn up front so rendering order cannot change the output."""
    utt_id: str
    speaker: str
    split: str
    text: str
    speed: float        # espeak-ng: words per minute; flite: duration_stretch (>1 is slower)
    pitch: float        # espeak-ng: -p 0..99; flite: f0 factor around the voice's base f0
    noise: str
    noise_position: float  # 0..1 of the room left in the noise bed after the utterance
    snr_db: float
    level_dbfs: float   # speech RMS level before the noise is added
    pad_head_s: float
    pad_tail_s: float

    @property
    def audio_path(self) -> str:
        return f"audio/{self.speaker}/{self.utt_id}.flac"


def plan(seed: int, utts_per_voice: int, snr_range: tuple[float, float]) -> list[Utterance]:
    plan_rows = []
    for voice in VOICES:
        for i in range(utts_per_voice):
            # A string seed is hashed with SHA-512 by random.seed, so it is stable across runs and platforms.
            rng = random.Random(f"{seed}/{voice.speaker_id}/{i}")
            text = grammar.sentence(rng)
            if voice.engine == "espeak-ng":
                speed, pitch = round(rng.uniform(130, 200)), round(rng.uniform(30, 70))
            else:
                speed, pitch = round(rng.uniform(0.85, 1.2), 3), round(rng.uniform(0.88, 1.12), 3)
            noise = rng.choices(list(NOISE_WEIGHTS), weights=list(NOISE_WEIGHTS.values()))[0]
            plan_rows.append(Utterance(
                utt_id=f"{voice.speaker_id}-{i:03d}", speaker=voice.speaker_id, split=voice.split, text=text,
                speed=speed, pitch=pitch, noise=noise, noise_position=round(rng.random(), 6),
                snr_db=round(rng.uniform(*snr_range), 2), level_dbfs=round(rng.uniform(-28, -20), 2),
                pad_head_s=round(rng.uniform(0.08, 0.30), 3), pad_tail_s=round(rng.uniform(0.08, 0.30), 3)))
    return plan_rows


def run(cmd: list[str]) -> str:
    """Runs a tool; returns stderr (sox reports stat and clipping there). Fails with the command line."""
    result = subprocess.run(cmd, capture_output=True, text=True)
    if result.returncode != 0:
        raise RuntimeError(f"command failed ({result.returncode}): {' '.join(cmd)}\n{result.stderr.strip()}")
    return result.stderr


def sox_stat(path: Path) -> dict[str, float]:
    stats = {}
    for line in run(["sox", str(path), "-n", "stat"]).splitlines():
        key, sep, value = line.partition(":")
        if sep:
            try:
                stats[key.strip()] = float(value.strip())
            except ValueError:
                pass
    return stats


def flac_samples(path: Path) -> tuple[int, int]:
    """(sample rate, total samples) read from the FLAC STREAMINFO block, the header the manifest must match."""
    with open(path, "rb") as f:
        head = f.read(42)
    if head[:4] != b"fLaC" or head[4] & 0x7F != 0:
        raise ValueError(f"{path}: not a FLAC file starting with STREAMINFO")
    info = head[8:42]
    bits = int.from_bytes(info[10:18], "big")
    return bits >> 44, bits & ((1 << 36) - 1)


class Renderer:
    def __init__(self, out_dir: Path, work_dir: Path, noise_margin_db: float, min_sqnr_db: float):
        self.out_dir = out_dir
        self.work_dir = work_dir
        self.noise_margin_db = noise_margin_db
        self.min_sqnr_db = min_sqnr_db
        self.voices = {v.speaker_id: v for v in VOICES}
        self.beds: dict[str, tuple[Path, float]] = {}

    def effective_bits(self, speech_dbfs: float, noise_dbfs: float) -> int:
        """Bits whose quantisation noise (step/sqrt(12), white) stays under both limits; 8..16."""
        quant_limit_db = min(noise_dbfs - self.noise_margin_db, speech_dbfs - self.min_sqnr_db)
        step_db = quant_limit_db + 10 * math.log10(12)
        return max(8, min(16, 1 + math.ceil(-step_db / (20 * math.log10(2)))))

    def make_noise_beds(self) -> None:
        for name, effects in NOISE_BEDS.items():
            path = self.work_dir / f"bed-{name}.wav"
            run(["sox", "-R", "-n", "-r", str(SAMPLE_RATE), "-c", "1", "-e", "floating-point", "-b", "32",
                 str(path), *effects])
            self.beds[name] = (path, sox_stat(path)["RMS     amplitude"])

    def synthesize(self, utt: Utterance, voice: Voice, raw: Path) -> list[str]:
        """Runs the TTS engine; returns extra sox effects (pitch shift for a voice without f0 control)."""
        if voice.engine == "espeak-ng":
            run(["espeak-ng", "-v", voice.name, "-s", str(int(utt.speed)), "-p", str(int(utt.pitch)),
                 "-w", str(raw), utt.text])
            return []
        cmd = ["flite", "-voice", voice.name, "--setf", f"duration_stretch={utt.speed}"]
        if voice.base_f0:
            cmd += ["--setf", f"int_f0_target_mean={voice.base_f0 * utt.pitch:.1f}"]
        run(cmd + ["-t", utt.text, "-o", str(raw)])
        return [] if voice.base_f0 else ["pitch", f"{1200 * math.log2(utt.pitch):.0f}"]

    def render(self, utt: Utterance) -> None:
        target = self.out_dir / utt.audio_path
        if target.exists():
            return
        voice = self.voices[utt.speaker]
        tmp = self.work_dir / utt.utt_id
        tmp.mkdir()
        raw, speech, mixed, final = (tmp / n for n in ("raw.wav", "speech.wav", "mixed.wav", "final.wav"))
        pitch_effects = self.synthesize(utt, voice, raw)
        # Trim the engines' leading/trailing silence, then pad a planned, natural amount back.
        run(["sox", "-D", str(raw), "-e", "floating-point", "-b", "32", str(speech), *pitch_effects,
             "rate", "-v", str(SAMPLE_RATE),
             "silence", "1", "0.02", "-45d", "reverse", "silence", "1", "0.02", "-45d", "reverse",
             "pad", str(utt.pad_head_s), str(utt.pad_tail_s)])
        stat = sox_stat(speech)
        samples, rms = int(stat["Samples read"]), stat["RMS     amplitude"]
        peak = max(stat["Maximum amplitude"], -stat["Minimum amplitude"])
        # A fast voice says a one-word command ("four") in about a tenth of a second: judge the speech, not the pads.
        speech_samples = samples - (utt.pad_head_s + utt.pad_tail_s) * SAMPLE_RATE
        if rms < 1e-3 or speech_samples < 0.08 * SAMPLE_RATE:
            raise RuntimeError(f"{utt.utt_id}: {voice.engine} {voice.name} produced no speech for "
                               f"'{utt.text}' (RMS {rms}, {samples} samples); check the voice name")
        # Speech level as planned, but keep its peak at -6 dBFS or below so the noise cannot make it clip.
        speech_gain = min(10 ** (utt.level_dbfs / 20) / rms, 10 ** (-6 / 20) / peak)
        bed, bed_rms = self.beds[utt.noise]
        noise_gain = speech_gain * rms / 10 ** (utt.snr_db / 20) / bed_rms
        offset = int(utt.noise_position * (NOISE_BED_SECONDS * SAMPLE_RATE - samples))
        # Quantise to the fewest bits that keep quantisation noise self.noise_margin_db under the added noise
        # and self.min_sqnr_db under the speech, inside a 16-bit container: write scaled down to 16 bits
        # (rounding happens there, dither off), then scale back up exactly. FLAC stores the zero low bits
        # as "wasted bits" for free, and every FLAC decoder reads a 16-bit file.
        speech_db = 20 * math.log10(speech_gain * rms)
        bits = self.effective_bits(speech_db, speech_db - utt.snr_db)
        scale = 2 ** (16 - bits)
        run(["sox", "-D", "-m", "-v", f"{speech_gain / scale:.8g}", str(speech),
             "-v", f"{noise_gain / scale:.8g}", f"|sox {bed} -p trim {offset}s {samples}s",
             "-e", "signed-integer", "-b", "16", str(mixed)])
        warnings = run(["sox", "-D", str(mixed), str(final), "vol", str(scale)])
        if "clip" in warnings:
            raise RuntimeError(f"{utt.utt_id}: clipped while mixing: {warnings.strip()}")
        target.parent.mkdir(parents=True, exist_ok=True)
        partial = target.with_suffix(".flac.part")
        run(["flac", "-8", "--no-padding", "--no-seektable", "-s", "-f", "-o", str(partial), str(final)])
        partial.replace(target)
        shutil.rmtree(tmp)


def tool_versions() -> dict[str, str]:
    """The first line naming a version number, per tool: different versions render different audio."""
    versions = {}
    for tool in ("espeak-ng", "flite", "sox", "flac"):
        out = subprocess.run([tool, "--version"], capture_output=True, text=True)
        lines = (out.stdout + out.stderr).splitlines()
        line = next((l for l in lines if re.search(r"\d+\.\d+", l)), "unknown")
        versions[tool] = line.split("Data at:")[0].strip()  # espeak-ng appends its install path
    return versions


def stamp(args: argparse.Namespace) -> dict:
    code = hashlib.sha256()
    for name in ("generate.py", "grammar.py", "voices.py"):
        code.update((HERE / name).read_bytes())
    return {"code_sha256": code.hexdigest(), "seed": args.seed, "utts_per_voice": args.utts_per_voice,
            "noise_margin_db": args.noise_margin_db, "min_sqnr_db": args.min_sqnr_db, "snr_db": [args.snr_min, args.snr_max], "tools": tool_versions()}


def write_manifests(out_dir: Path, utterances: list[Utterance]) -> dict[str, list[dict]]:
    rows = {split: [] for split in SPLITS}
    for utt in utterances:
        rate, samples = flac_samples(out_dir / utt.audio_path)
        if rate != SAMPLE_RATE:
            raise RuntimeError(f"{utt.audio_path}: sample rate {rate}, expected {SAMPLE_RATE}")
        rows[utt.split].append({"audio_filepath": utt.audio_path, "duration": round(samples / rate, 4),
                                "text": utt.text, "speaker": utt.speaker, "split": utt.split})
    for split, split_rows in rows.items():
        with open(out_dir / f"{split}.jsonl", "w", encoding="utf-8", newline="\n") as f:
            for row in split_rows:
                f.write(json.dumps(row, ensure_ascii=True) + "\n")
    # One manifest with every split (each line says its split): what the app imports on first start.
    with open(out_dir / "demo.jsonl", "w", encoding="utf-8", newline="\n") as f:
        for split in SPLITS:
            for row in rows[split]:
                f.write(json.dumps(row, ensure_ascii=True) + "\n")
    return rows


def verify(out_dir: Path, rows: dict[str, list[dict]]) -> None:
    """Checks the contract consumers rely on; raises on the first broken rule."""
    speakers = {split: {r["speaker"] for r in split_rows} for split, split_rows in rows.items()}
    for a in SPLITS:
        for b in SPLITS:
            if a < b and speakers[a] & speakers[b]:
                raise AssertionError(f"voices in both {a} and {b}: {sorted(speakers[a] & speakers[b])}")
    train_voices = [v for v in VOICES if v.split == "train"]
    if {v.engine for v in train_voices} != {"espeak-ng", "flite"} or {v.sex for v in train_voices} != {"f", "m"}:
        raise AssertionError("train must hold both engines and both sexes")
    for split, split_rows in rows.items():
        for line, row in enumerate(split_rows, 1):
            where = f"{split}.jsonl line {line}"
            if not TEXT_PATTERN.match(row["text"]):
                raise AssertionError(f"{where}: text '{row['text']}' has characters outside a-z, apostrophe, space")
            soxi = float(run_stdout(["soxi", "-D", str(out_dir / row["audio_filepath"])]))
            if abs(soxi - row["duration"]) > 0.01:
                raise AssertionError(f"{where}: duration {row['duration']} but soxi reads {soxi}")


def run_stdout(cmd: list[str]) -> str:
    result = subprocess.run(cmd, capture_output=True, text=True, check=True)
    return result.stdout.strip()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--out", type=Path, default=HERE, help="corpus folder (default: this script's folder)")
    parser.add_argument("--seed", type=int, default=20261123)
    parser.add_argument("--utts-per-voice", type=int, default=45)
    parser.add_argument("--noise-margin-db", type=float, default=10.0,
                        help="quantisation noise at least this far under the added background noise")
    parser.add_argument("--min-sqnr-db", type=float, default=35.0,
                        help="quantisation noise at least this far under the speech")
    parser.add_argument("--snr-min", type=float, default=10.0)
    parser.add_argument("--snr-max", type=float, default=30.0)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()

    out_dir = args.out.resolve()
    out_dir.mkdir(parents=True, exist_ok=True)
    utterances = plan(args.seed, args.utts_per_voice, (args.snr_min, args.snr_max))
    wanted = stamp(args)
    stamp_file = out_dir / "generator-stamp.json"
    audio_dir = out_dir / "audio"
    if stamp_file.exists() and json.loads(stamp_file.read_text()) == wanted:
        print(f"stamp unchanged: keeping existing files in {audio_dir}", file=sys.stderr)
    else:
        if audio_dir.exists():
            print(f"stamp changed: rebuilding {audio_dir}", file=sys.stderr)
            shutil.rmtree(audio_dir)
        stamp_file.unlink(missing_ok=True)
    todo = [u for u in utterances if not (out_dir / u.audio_path).exists()]
    print(f"{len(utterances)} utterances planned, {len(todo)} to render with {args.jobs} jobs", file=sys.stderr)

    with tempfile.TemporaryDirectory(prefix="demo-corpus-") as work:
        renderer = Renderer(out_dir, Path(work), args.noise_margin_db, args.min_sqnr_db)
        renderer.make_noise_beds()
        done, lock = [0], threading.Lock()

        def render_one(utt: Utterance) -> None:
            renderer.render(utt)
            with lock:
                done[0] += 1
                if done[0] % 100 == 0 or done[0] == len(todo):
                    print(f"  rendered {done[0]}/{len(todo)}", file=sys.stderr)

        with ThreadPoolExecutor(max_workers=args.jobs) as pool:
            list(pool.map(render_one, todo))

    rows = write_manifests(out_dir, utterances)
    verify(out_dir, rows)
    stamp_file.write_text(json.dumps(wanted, indent=2) + "\n")

    total_bytes = sum(p.stat().st_size for p in audio_dir.rglob("*.flac"))
    for split in SPLITS:
        seconds = sum(r["duration"] for r in rows[split])
        print(f"{split}: {len(rows[split])} utterances, {seconds / 60:.1f} min, "
              f"{len({r['speaker'] for r in rows[split]})} voices", file=sys.stderr)
    total_seconds = sum(r["duration"] for split_rows in rows.values() for r in split_rows)
    print(f"total: {total_seconds / 60:.1f} min, {total_bytes / 1e6:.2f} MB of FLAC, "
          f"{total_bytes / total_seconds / 1e3:.1f} kB/s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
