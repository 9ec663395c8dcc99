#!/usr/bin/env python3
"""Renders words-clip.wav and words-clip.json: a synthetic clip whose word boundaries are known.

Each word is rendered alone with espeak-ng (voice en-us+m3, 150 wpm), resampled to 16 kHz mono
16-bit, and trimmed of its leading and trailing silence (the first and last 10 ms block whose RMS
is above -40 dBFS); the words are then joined with fixed silences, and seeded white noise at
-50 dBFS RMS is laid over the whole clip (a room's hiss, so pauses are not digital silence). A word's span in the clip is
therefore exactly where its trimmed samples were put: the boundaries in words-clip.json are counted
in samples, not estimated. Re-run to regenerate (needs espeak-ng and sox); the committed files are
what ForcedAlignmentTest checks against.
"""
import json, math, random, struct, subprocess, tempfile, wave
from pathlib import Path

RATE = 16000
WORDS = ["move", "back", "three", "meters", "stop", "turn", "left"]
GAPS = [0.30, 0.25, 0.40, 0.20, 0.50, 0.30, 0.35, 0.30]  # before each word, then after the last
here = Path(__file__).resolve().parent


def render(word: str, tmp: Path) -> list[int]:
    raw, wav = tmp / f"{word}.raw.wav", tmp / f"{word}.wav"
    subprocess.run(["espeak-ng", "-v", "en-us+m3", "-s", "150", "-w", str(raw), word], check=True)
    subprocess.run(["sox", str(raw), "-r", str(RATE), "-c", "1", "-b", "16", str(wav)], check=True)
    with wave.open(str(wav)) as w:
        data = w.readframes(w.getnframes())
    samples = list(struct.unpack(f"<{len(data) // 2}h", data))
    block = RATE // 100
    loud = [i for i in range(0, len(samples) - block, block)
            if math.sqrt(sum(s * s for s in samples[i:i + block]) / block) / 32768 > 10 ** (-40 / 20)]
    return samples[loud[0]:loud[-1] + block]


def main() -> None:
    clip: list[int] = []
    spans = []
    with tempfile.TemporaryDirectory() as t:
        for word, gap in zip(WORDS, GAPS):
            clip += [0] * round(gap * RATE)
            samples = render(word, Path(t))
            spans.append({"word": word, "start": len(clip) / RATE, "end": (len(clip) + len(samples)) / RATE})
            clip += samples
    clip += [0] * round(GAPS[-1] * RATE)
    rng = random.Random(15)
    noise = 32768 * 10 ** (-50 / 20)
    clip = [max(-32768, min(32767, round(s + rng.gauss(0, noise)))) for s in clip]
    with wave.open(str(here / "words-clip.wav"), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(struct.pack(f"<{len(clip)}h", *clip))
    (here / "words-clip.json").write_text(json.dumps(
        {"text": " ".join(WORDS), "duration": len(clip) / RATE, "words": spans}, indent=1) + "\n")


if __name__ == "__main__":
    main()
