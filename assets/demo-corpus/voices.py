"""The demo corpus voices and their split. The split is by voice: a val or test voice never speaks in train.

espeak-ng voices are an accent (a language file) plus a variant (timbre: pitch range, formants). Every
variant is used by exactly one voice, so a held-out voice also has a timbre never heard in training;
accents are shared across splits, like dialects shared by different people. British English is the
language "en": espeak-ng 1.51 silently ignores a variant appended to "en-gb" ("en-gb+f2" sounds like "en-gb"). flite's kal and kal16 are the
same recorded speaker at 8 and 16 kHz, so they stay together in train.
"""

from dataclasses import dataclass


@dataclass(frozen=True)
class Voice:
    engine: str        # "espeak-ng" or "flite"
    name: str          # espeak-ng: "accent+variant"; flite: the -voice name
    sex: str           # "f" or "m", from the variant file or the flite voice's speaker
    split: str         # "train", "val" or "test"
    base_f0: float = 0.0  # flite: Hz around which int_f0_target_mean varies; 0 = voice ignores it

    @property
    def speaker_id(self) -> str:
        """Speaker id as written in the manifest and used in file names (no '+' or '/')."""
        prefix = "espeak" if self.engine == "espeak-ng" else "flite"
        return f"{prefix}-{self.name.replace('+', '-')}"


def _e(accent: str, variant: str, sex: str, split: str) -> Voice:
    return Voice("espeak-ng", f"{accent}+{variant}", sex, split)


VOICES = [
    # train: 17 espeak-ng (10 m, 7 f) + 3 flite (2 m, 1 f)
    _e("en-us", "m1", "m", "train"),
    _e("en", "m2", "m", "train"),
    _e("en-gb-scotland", "m3", "m", "train"),
    _e("en-us-nyc", "m4", "m", "train"),
    _e("en-gb-x-rp", "m5", "m", "train"),
    _e("en-029", "m6", "m", "train"),
    _e("en-gb-x-gbclan", "Andy", "m", "train"),
    _e("en-gb-x-gbcwmd", "david", "m", "train"),
    _e("en-us", "john", "m", "train"),
    _e("en", "travis", "m", "train"),
    _e("en-us", "f1", "f", "train"),
    _e("en", "f2", "f", "train"),
    _e("en-gb-x-gbclan", "f3", "f", "train"),
    _e("en-us-nyc", "f4", "f", "train"),
    _e("en-gb-x-gbcwmd", "Annie", "f", "train"),
    _e("en-gb-scotland", "belinda", "f", "train"),
    _e("en-029", "steph", "f", "train"),
    Voice("flite", "kal", "m", "train", base_f0=95.0),
    Voice("flite", "kal16", "m", "train", base_f0=95.0),
    Voice("flite", "slt", "f", "train", base_f0=180.0),
    # val: 4 espeak-ng (2 m, 2 f) + 1 flite (m)
    _e("en-gb-x-gbcwmd", "m7", "m", "val"),
    _e("en-us", "paul", "m", "val"),
    _e("en-gb-x-rp", "f5", "f", "val"),
    _e("en-us-nyc", "anika", "f", "val"),
    Voice("flite", "awb", "m", "val", base_f0=130.0),
    # test: 4 espeak-ng (2 m, 2 f) + 1 flite (m)
    _e("en", "m8", "m", "test"),
    _e("en-029", "victor", "m", "test"),
    _e("en-us", "linda", "f", "test"),
    _e("en-gb-scotland", "grandma", "f", "test"),
    Voice("flite", "rms", "m", "test"),
]
