"""Transcript normalisation for the real-speech corpus: the words a speaker says, in the alphabet the models
write (lowercase a-z, apostrophe, single spaces), so "Press 1 or #." becomes "press one or pound"."""

import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "demo-corpus"))
import grammar  # noqa: E402  (the demo domain's number reading: one reader for both corpora)

# Keypad and abbreviation readings as Asterisk's voice says them.
SYMBOLS = {"#": " pound ", "*": " star ", "&": " and ", "%": " percent ", "+": " plus "}
ABBREVIATIONS = {r"\ba\.m\.": "a m", r"\bp\.m\.": "p m", r"\bmr\.": "mister", r"\bmrs\.": "missus",
                 r"\bdr\.": "doctor", r"\be-mail\b": "email", r"\bok\b": "okay"}
ORDINAL = re.compile(r"\b(\d+)(st|nd|rd|th)\b")


class Unspeakable(ValueError):
    """A transcript that is not speech (a tone, a silence) or that cannot be read out unambiguously."""


def normalise(text: str) -> str:
    """Spoken words of a transcript; raises Unspeakable with the reason for non-speech entries."""
    raw = text.strip()
    if not raw or raw.startswith("[") and raw.endswith("]"):
        raise Unspeakable(f"not speech: {raw or 'empty'}")
    t = raw.lower()
    for pattern, spoken in ABBREVIATIONS.items():
        t = re.sub(pattern, spoken, t)
    if ORDINAL.search(t):
        raise Unspeakable(f"ordinal number not read out: {raw}")
    for symbol, spoken in SYMBOLS.items():
        t = t.replace(symbol, spoken)
    t = re.sub(r"\d+", lambda m: " " + read_number(m.group()) + " ", t)
    t = t.replace("-", " ").replace("/", " ")
    t = re.sub(r"[^a-z' ]", " ", t)
    t = re.sub(r"(^| )'+|'+( |$)", " ", t)  # quotes, not apostrophes
    t = " ".join(t.split())
    if not t:
        raise Unspeakable(f"no words left after normalising: {raw}")
    return t


def read_number(digits: str) -> str:
    """A number as the demo grammar reads it; a leading zero or more than four digits are read digit by
    digit, as phone numbers and PINs are."""
    if digits.startswith("0") and len(digits) > 1 or len(digits) > 4:
        return " ".join(grammar.ONES[int(d)] for d in digits)
    return grammar.number_words(int(digits))
