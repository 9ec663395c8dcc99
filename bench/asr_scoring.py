"""Corpus WER/CER as the engine's `eval` counts them, in Python (standard library only).

The same code scores every recogniser in bench/real_recordings.py, so ours and a peer are compared
on one normaliser and one way of counting:
- the normaliser mirrors engine metrics/TextNormaliser with its defaults (NFKC; typographic
  apostrophes to '; lower case; punctuation and symbols outside the alphabet removed, dashes,
  underscores and slashes becoming spaces; whitespace collapsed and trimmed; numbers left as
  written);
- WER: word Levenshtein distance; CER: code-point Levenshtein distance with spaces counted
  (engine SpaceHandling.COUNTED, what `eval` uses);
- corpus rates: edits summed over every utterance and divided once by the summed reference length
  (engine CorpusErrorRates), never a mean of per-utterance rates.
"""

import re
import unicodedata

ENGLISH_ALPHABET = " 'abcdefghijklmnopqrstuvwxyz"
_APOSTROPHE_LOOKALIKES = "\u2019\u2018\u02bc\u02bb\u2032`\u00b4"
_REMOVABLE = {"Pc", "Pd", "Ps", "Pe", "Pi", "Pf", "Po", "Sm", "Sc", "Sk", "So", "Cf"}
_JAVA_WHITESPACE = " \t\n\x0b\f\r"


def normalise(text, alphabet=ENGLISH_ALPHABET):
    """One transcript as the engine's default normaliser leaves it."""
    s = unicodedata.normalize("NFKC", text)
    s = "".join("'" if c in _APOSTROPHE_LOOKALIKES else c for c in s)
    s = s.lower()
    kept = []
    for c in s:
        category = unicodedata.category(c)
        if c in alphabet or category not in _REMOVABLE:
            kept.append(c)
        elif category in ("Pd", "Pc") or c in "/\\":
            kept.append(" ")
    s = "".join(kept)
    s = "".join(" " if (c in _JAVA_WHITESPACE or unicodedata.category(c).startswith("Z")) else c
                for c in s)
    return re.sub(" +", " ", s).strip()


def edit_distance(reference, hypothesis):
    """Levenshtein distance between two token sequences (lists or strings)."""
    if len(reference) < len(hypothesis):
        reference, hypothesis = hypothesis, reference
    previous = list(range(len(hypothesis) + 1))
    for i, r in enumerate(reference, 1):
        current = [i]
        for j, h in enumerate(hypothesis, 1):
            current.append(min(previous[j - 1] + (r != h), previous[j] + 1, current[j - 1] + 1))
        previous = current
    return previous[-1]


def utterance_counts(reference, hypothesis):
    """(word edits, reference words, char edits, reference chars) of two normalised texts."""
    ref_words, hyp_words = reference.split(), hypothesis.split()
    return (edit_distance(ref_words, hyp_words), len(ref_words),
            edit_distance(reference, hypothesis), len(reference))


class Corpus:
    """Summed word and character edits; rates divide once (an empty total counts as length 1)."""

    def __init__(self):
        self.utterances = 0
        self.word_errors = 0
        self.words = 0
        self.char_errors = 0
        self.chars = 0

    def add(self, reference, hypothesis):
        we, w, ce, c = utterance_counts(reference, hypothesis)
        self.utterances += 1
        self.word_errors += we
        self.words += w
        self.char_errors += ce
        self.chars += c
        return self

    def wer(self):
        return self.word_errors / max(1, self.words)

    def cer(self):
        return self.char_errors / max(1, self.chars)

    def as_dict(self):
        return {"utterances": self.utterances, "reference_words": self.words,
                "word_errors": self.word_errors, "wer": self.wer(),
                "reference_chars": self.chars, "char_errors": self.char_errors, "cer": self.cer()}


def arpa_vocabulary(path):
    """The words of an ARPA file's unigram section, less <s>, </s> and <unk>."""
    words = []
    in_unigrams = False
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.strip()
            if line == "\\1-grams:":
                in_unigrams = True
                continue
            if line.startswith("\\"):
                if in_unigrams:
                    break
                continue
            if in_unigrams and line:
                word = line.split()[1]
                if word not in ("<s>", "</s>", "<unk>"):
                    words.append(word)
    return words
