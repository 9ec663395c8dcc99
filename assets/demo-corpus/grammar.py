"""Small-domain sentence grammar for the demo corpus: numbers, spelled phone numbers, navigation commands.

Every sentence is lowercase words from VOCABULARY only (no digits), so the corpus has a closed ~60-word
vocabulary that a tiny model can learn in minutes. All randomness comes from the caller's random.Random.
"""

import random

ONES = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
        "ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen",
        "eighteen", "nineteen"]
TENS = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]

COMMAND_WORDS = ["go", "move", "forward", "back", "turn", "left", "right", "around", "stop", "yes", "no",
                 "okay", "cancel", "wait", "start", "slow", "down", "speed", "up", "please", "meter",
                 "meters", "degrees", "seconds", "call", "dial", "my", "number", "is", "again"]

VOCABULARY = frozenset(ONES + [t for t in TENS if t] + ["hundred", "thousand", "oh"] + COMMAND_WORDS)


def number_words(n: int) -> str:
    """American reading without 'and': 420 -> 'four hundred twenty', 1005 -> 'one thousand five'."""
    if not 0 <= n <= 9999:
        raise ValueError(f"number {n} outside 0..9999")
    if n < 20:
        return ONES[n]
    parts = []
    if n >= 1000:
        parts += [ONES[n // 1000], "thousand"]
        n %= 1000
    if n >= 100:
        parts += [ONES[n // 100], "hundred"]
        n %= 100
    if n >= 20:
        parts.append(TENS[n // 10])
        n %= 10
        if n:
            parts.append(ONES[n])
    elif n:
        parts.append(ONES[n])
    return " ".join(parts)


def _number(rng: random.Random) -> int:
    band = rng.random()
    if band < 0.40:
        return rng.randint(0, 20)
    if band < 0.70:
        return rng.randint(21, 99)
    if band < 0.90:
        return rng.randint(100, 999)
    return rng.randint(1000, 9999)


def _digits(rng: random.Random, count: int) -> str:
    # People say "oh" for zero in phone numbers about as often as "zero".
    words = []
    for _ in range(count):
        d = rng.randint(0, 9)
        words.append(("oh" if rng.random() < 0.5 else "zero") if d == 0 else ONES[d])
    return " ".join(words)


def _phone(rng: random.Random) -> str:
    digits = _digits(rng, rng.choice([4, 7, 7, 7, 10]))
    return rng.choice(["{}", "{}", "call {}", "dial {}", "my number is {}", "number {}"]).format(digits)


def _distance(rng: random.Random) -> str:
    n = rng.choice([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 15, 20, 25, 30, 40, 50, 100])
    return "one meter" if n == 1 else f"{number_words(n)} meters"


def _navigation(rng: random.Random) -> str:
    kind = rng.random()
    if kind < 0.30:
        verb = rng.choice(["go", "move"])
        direction = rng.choice(["forward", "forward", "back"])
        text = f"{verb} {direction} {_distance(rng)}" if rng.random() < 0.75 else f"{verb} {direction}"
    elif kind < 0.55:
        side = rng.choice(["left", "right"])
        roll = rng.random()
        if roll < 0.5:
            text = f"turn {side}"
        elif roll < 0.85:
            text = f"turn {side} {number_words(rng.choice([10, 15, 20, 30, 45, 60, 90, 180]))} degrees"
        else:
            text = "turn around"
    elif kind < 0.70:
        text = rng.choice(["stop", "yes", "no", "okay", "cancel", "start", "wait", "again"])
    elif kind < 0.80:
        text = rng.choice(["slow down", "speed up", "stop", "go", "move up", "move down"])
    elif kind < 0.90:
        text = f"wait {number_words(rng.randint(1, 30))} seconds"
    else:
        text = rng.choice(["yes please", "no", "okay stop", "go back",
                           "stop please", "cancel please", "yes go", "start again"])
    if rng.random() < 0.12 and "please" not in text:
        text = f"please {text}" if rng.random() < 0.5 else f"{text} please"
    return text


def sentence(rng: random.Random) -> str:
    """One sentence: 45 % navigation, 30 % numbers, 25 % phone numbers."""
    kind = rng.random()
    if kind < 0.45:
        text = _navigation(rng)
    elif kind < 0.75:
        text = number_words(_number(rng))
        if rng.random() < 0.1:
            text = f"number {text}"
    else:
        text = _phone(rng)
    words = text.split()
    unknown = [w for w in words if w not in VOCABULARY]
    if unknown:
        raise AssertionError(f"grammar produced words outside the vocabulary: {unknown} in '{text}'")
    return " ".join(words)
