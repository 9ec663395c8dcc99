"""The real recordings Debian ships with their transcripts, one reader per package. Each yields Clip
records; what a package holds that is not usable speech with a known transcript is yielded as a Skip with
the reason, so the build reports it instead of dropping it silently."""

import gzip
import re
from dataclasses import dataclass
from pathlib import Path

ASTERISK = Path("/usr/share/asterisk/sounds/en_US_f_Allison")
ASTERISK_TEXT = Path("/usr/share/doc/asterisk-core-sounds-en/core-sounds-en.txt.gz")
SAYTIME = Path("/usr/share/saytime")
SCID = Path("/usr/share/scid/sounds")
KTUBERLING = Path("/usr/share/ktuberling/sounds")
KLETTRES = Path("/usr/share/klettres/en/alpha")
ALSA = Path("/usr/share/sounds/alsa")
POCKETSPHINX = Path("/usr/share/pocketsphinx/test/data")
CSOUNDQT = Path("/usr/share/csoundqt/Examples/SourceMaterials")

# Where a clip may go: "train" (training only), "eval" (never training: the visible real test speakers)
# or "by-sentence" (a seen speaker whose sentences are split between train, val and test).
TRAIN, EVAL, BY_SENTENCE = "train", "eval", "by-sentence"


@dataclass(frozen=True)
class Clip:
    source: Path       # the package's file
    raw_format: str    # sox input type for headerless files ("ul" = 8 kHz mu-law, "s16" = 16 kHz), else ""
    text: str          # the transcript as shipped (normalised later)
    speaker: str
    set: str           # evaluation set / origin group
    role: str          # TRAIN, EVAL or BY_SENTENCE
    package: str
    g722: Path | None = None  # the 16 kHz G.722 recording, where the package has one beside the 8 kHz WAV


@dataclass(frozen=True)
class Skip:
    source: str
    package: str
    reason: str


def asterisk():
    """563 prompts of one studio voice (Allison Smith), CC-BY-SA-3.0: G.722 at 16 kHz, and the same at 8 kHz."""
    pkg = "asterisk-core-sounds-en-g722"
    with gzip.open(ASTERISK_TEXT, "rt", encoding="utf-8", errors="replace") as f:
        for line in f:
            if line.startswith(";") or ":" not in line:
                continue
            name, text = (part.strip() for part in line.split(":", 1))
            g722 = ASTERISK / f"{name}.g722"
            wav = ASTERISK / f"{name}.wav"
            if not g722.exists():
                yield Skip(f"{name}.g722", pkg, "listed in core-sounds-en.txt but not installed")
                continue
            # Words and letters are needed whole in training (they are what spliced sentences are made of).
            word_folder = name.split("/")[0] in ("digits", "letters", "phonetic")
            yield Clip(wav if wav.exists() else g722, "", text, "asterisk-allison", "asterisk",
                       TRAIN if word_folder else BY_SENTENCE, pkg, g722)


def saytime():
    """37 words of a talking clock (a second voice), 8 kHz mu-law without a header despite the .au name."""
    spoken = {"am": "a m", "pm": "p m", "oclock": "o'clock", "the_time_is": "the time is"}
    for f in sorted(SAYTIME.glob("*.au")):
        yield Clip(f, "ul", spoken.get(f.stem, f.stem), "saytime", "saytime", EVAL, "saytime")


def alsa():
    """speaker-test's channel names, one voice; Noise.wav is pink noise."""
    for f in sorted(ALSA.glob("*.wav")):
        if f.stem == "Noise":
            yield Skip(str(f.name), "alsa-utils", "pink noise, not speech")
        else:
            yield Clip(f, "", f.stem.replace("_", " "), "alsa-utils", "alsa", EVAL, "alsa-utils")


def scid():
    """Spoken chess moves: the digits one to eight and piece names; the rest is not a known word."""
    words = {"1": "one", "2": "two", "3": "three", "4": "four", "5": "five", "6": "six", "7": "seven",
             "8": "eight", "Bishop": "bishop", "King": "king", "Knight": "knight", "Queen": "queen",
             "Rook": "rook", "Check": "check"}
    for f in sorted(SCID.glob("*.wav")):
        if f.stem in words:
            yield Clip(f, "", words[f.stem], "scid", "scid", TRAIN, "scid-data")
        else:
            yield Skip(f.name, "scid-data", "what is said (a move sound or a file letter) is not written down")


def ktuberling():
    """72 object names of the English sound theme, one voice; the theme names the sounds."""
    theme = (KTUBERLING / "en.soundtheme").read_text(encoding="utf-8")
    fixes = {"fallingstar": "falling star", "palmtree": "palm tree", "moonwalker": "moon walker",
             "sphynx": "sphinx", "brocolli": "broccoli", "ufo": "u f o"}
    for name, file in re.findall(r'name="([^"]+)"\s+file="([^"]+)"', theme):
        word = name.split("_", 1)[-1]
        yield Clip(KTUBERLING / file, "", fixes.get(word, word), "ktuberling-en", "ktuberling", TRAIN,
                   "ktuberling-data")


def klettres():
    """The English alphabet's letter names, one voice; the transcript of a letter name is the letter."""
    for f in sorted(KLETTRES.glob("*.ogg")):
        yield Clip(f, "", f.stem.lower(), "klettres-en", "klettres", TRAIN, "klettres-data")


def pocketsphinx_testdata():
    """CMU's test recordings: evaluation only, never training (the first real check this project made)."""
    pkg = "pocketsphinx-testdata"
    yield Clip(POCKETSPHINX / "goforward.raw", "s16", "go forward ten meters", "ps-goforward",
               "pocketsphinx-testdata", EVAL, pkg)
    yield Clip(POCKETSPHINX / "tidigits/dhd.2934z.raw", "s16", "two nine three four zero", "ps-tidigits-dhd",
               "pocketsphinx-testdata", EVAL, pkg)
    for line in (POCKETSPHINX / "cards/cards.transcription").read_text().splitlines():
        m = re.match(r"<s>(.*)</s>\s*\((\S+)\)", line)
        if m:
            yield Clip(POCKETSPHINX / f"cards/{m.group(2)}.wav", "", m.group(1), "ps-cards",
                       "pocketsphinx-testdata", EVAL, pkg)
    for line in (POCKETSPHINX / "librivox/transcription").read_text().splitlines():
        m = re.match(r"<s>(.*)</s>\s*\((\S+)\)", line)
        if m:
            yield Clip(POCKETSPHINX / f"librivox/{m.group(2)}.wav", "", m.group(1), "ps-librivox",
                       "pocketsphinx-testdata", EVAL, pkg)
    for name in ("numbers.raw", "something.raw"):
        yield Skip(name, pkg, "no transcript shipped")


def csoundqt():
    for name in ("fox.wav", "AndItsAll.wav"):
        yield Skip(name, "csoundqt-examples", "no transcript shipped; what it says is not written down")


READERS = {"asterisk-core-sounds-en-g722": asterisk, "saytime": saytime, "alsa-utils": alsa, "scid-data": scid,
           "ktuberling-data": ktuberling, "klettres-data": klettres, "pocketsphinx-testdata": pocketsphinx_testdata,
           "csoundqt-examples": csoundqt}
# The package that holds the transcripts of another's audio.
COMPANIONS = {"asterisk-core-sounds-en-g722": ["asterisk-core-sounds-en", "asterisk-core-sounds-en-wav"]}
