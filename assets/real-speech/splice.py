"""Domain sentences spliced from one real voice's word recordings: numbers and digit strings of the demo
grammar, said by Asterisk's voice one word at a time with drawn gaps, word levels, tempo and pitch, so a
few minutes of isolated words become hours of connected number speech (and, with pitch, more than one
apparent speaker). Only words of the training side are used."""

import random
import subprocess
from dataclasses import dataclass
from pathlib import Path

import normalise

grammar = normalise.grammar


@dataclass(frozen=True)
class Splice:
    utt_id: str
    text: str
    gaps_s: tuple[float, ...]   # silence after each word but the last
    gains_db: tuple[float, ...]  # one per word
    tempo: float
    pitch_cents: int
    pad_s: tuple[float, float]


def sentence(rng: random.Random) -> str:
    """Numbers and digit strings as the demo grammar draws them (navigation words have no recordings)."""
    kind = rng.random()
    if kind < 0.45:
        return grammar.number_words(rng.choice([rng.randrange(0, 100), rng.randrange(100, 1000),
                                                rng.randrange(1000, 10000)]))
    digits = grammar._digits(rng, rng.choice([3, 4, 7, 10]))  # noqa: SLF001  (the grammar's own reading)
    return digits


def plan(seed: int, count: int, words: set[str], held_out: set[str]) -> list[Splice]:
    """count splices, each a pure function of (seed, index); held-out sentences are drawn again."""
    rows = []
    for i in range(count):
        rng = random.Random(f"{seed}/splice/{i}")
        text = sentence(rng)
        while text in held_out or not set(text.split()) <= words:
            text = sentence(rng)
        n = len(text.split())
        rows.append(Splice(
            utt_id=f"asterisk-allison-spliced-{i:05d}", text=text,
            gaps_s=tuple(round(rng.uniform(0.0, 0.25), 2) for _ in range(n - 1)),
            gains_db=tuple(round(rng.uniform(-3, 3), 1) for _ in range(n)),
            tempo=round(rng.uniform(0.85, 1.2), 3), pitch_cents=round(rng.uniform(-300, 300)),
            pad_s=(round(rng.uniform(0.05, 0.3), 2), round(rng.uniform(0.05, 0.3), 2))))
    return rows


def render(splice: Splice, word_audio: dict[str, Path], gap_dir: Path, out: Path) -> None:
    """One sox run: the words in order with silences between, then tempo, pitch and padding."""
    inputs = []
    words = splice.text.split()
    for k, word in enumerate(words):
        inputs += ["-v", f"{10 ** (splice.gains_db[k] / 20):.4f}", str(word_audio[word])]
        if k < len(words) - 1 and splice.gaps_s[k] > 0:
            inputs.append(str(gap_file(gap_dir, splice.gaps_s[k])))
    out.parent.mkdir(parents=True, exist_ok=True)
    part = out.with_suffix(".part.flac")
    subprocess.run(["sox", *inputs, "-b", "16", str(part), "tempo", "-s", str(splice.tempo),
                    "pitch", str(splice.pitch_cents), "pad", str(splice.pad_s[0]), str(splice.pad_s[1]),
                    "rate", "-v", "16000"], check=True, capture_output=True)
    part.replace(out)


def gap_file(gap_dir: Path, seconds: float) -> Path:
    path = gap_dir / f"gap-{round(seconds * 100):03d}.wav"
    if not path.exists():
        part = path.with_suffix(".part.wav")
        subprocess.run(["sox", "-n", "-r", "16000", "-c", "1", "-b", "16", str(part), "trim", "0",
                        f"{seconds:.2f}"], check=True, capture_output=True)
        part.replace(path)
    return path
