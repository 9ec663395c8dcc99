"""Checks of the real-speech corpus plan on Debian's real packages (renders nothing).

Run: python3 -m unittest discover -s assets/real-speech   (needs the packages build.py names)
"""

import sys
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import build  # noqa: E402
import normalise  # noqa: E402
import sources  # noqa: E402
import splice  # noqa: E402


class NormaliseTest(unittest.TestCase):

    def test_prompts_read_as_spoken(self):
        self.assertEqual(normalise.normalise("Please press 1 or #."), "please press one or pound")
        self.assertEqual(normalise.normalise("A.M."), "a m")
        self.assertEqual(normalise.normalise("Call-Forward on No Answer."), "call forward on no answer")
        self.assertEqual(normalise.normalise("I'm sorry, but I was unable"), "i'm sorry but i was unable")
        self.assertEqual(normalise.normalise("press 162 then *"), "press one hundred sixty two then star")
        self.assertEqual(normalise.normalise("dial 0800"), "dial zero eight zero zero")

    def test_non_speech_is_refused_with_its_reason(self):
        with self.assertRaisesRegex(normalise.Unspeakable, "not speech"):
            normalise.normalise("[this is a simple beep tone]")
        with self.assertRaisesRegex(normalise.Unspeakable, "ordinal"):
            normalise.normalise("the 21st")


class PlanTest(unittest.TestCase):

    @classmethod
    def setUpClass(cls):
        missing = build.missing_packages()
        if missing:
            raise AssertionError(f"install the Debian packages the corpus is built from: apt-get install -y "
                                 f"{' '.join(missing)}")
        cls.report = []
        cls.rows = build.collect(cls.report)

    def test_every_package_gives_speech_and_every_left_out_entry_says_why(self):
        packages = {r["item"].package for r in self.rows}
        self.assertEqual(packages, {"asterisk-core-sounds-en-g722", "saytime", "alsa-utils", "scid-data",
                                    "ktuberling-data", "klettres-data", "pocketsphinx-testdata"})
        asterisk = [r for r in self.rows if r["item"].speaker == "asterisk-allison"]
        self.assertGreater(len(asterisk), 550)
        self.assertTrue(all(line.count("\t") == 2 and line.split("\t")[2] for line in self.report))
        self.assertTrue(any("beep" in line for line in self.report))

    def test_the_evaluation_speakers_never_train(self):
        by_speaker = {}
        for r in self.rows:
            by_speaker.setdefault(r["item"].speaker, set()).add(r["split"])
        eval_only = {s for s, splits in by_speaker.items() if splits == {"test"}}
        self.assertGreaterEqual(eval_only, {"saytime", "alsa-utils", "ps-goforward", "ps-tidigits-dhd",
                                            "ps-cards"})
        trained = {s for s, splits in by_speaker.items() if "train" in splits}
        self.assertFalse(eval_only & trained)

    def test_asterisk_is_split_by_sentence(self):
        splits_of = {}
        for r in self.rows:
            if r["item"].speaker == "asterisk-allison":
                splits_of.setdefault(r["text"], set()).add(r["split"])
        self.assertTrue(all(len(s) == 1 for s in splits_of.values()), "a sentence in two splits")
        counts = {k: sum(s == {k} for s in splits_of.values()) for k in ("train", "val", "test")}
        self.assertGreater(counts["test"], 30)
        self.assertGreater(counts["val"], 15)

    def test_spliced_sentences_avoid_every_held_out_sentence(self):
        held = {r["text"] for r in self.rows if r["split"] != "train"} | build.hours.test_sentences()
        words = {r["text"] for r in self.rows if r["split"] == "train" and len(r["text"].split()) == 1}
        plan = splice.plan(20261128, 1500, words, held)
        self.assertEqual(len(plan), 1500)
        self.assertFalse({s.text for s in plan} & held)
        self.assertTrue(all(set(s.text.split()) <= words for s in plan))
        self.assertEqual(plan[:10], splice.plan(20261128, 10, words, held))


if __name__ == "__main__":
    unittest.main()


class IdTest(unittest.TestCase):

    def test_copies_of_one_prompt_at_two_rates_get_distinct_ids(self):
        rows = build.with_ids([{"audio_filepath": "audio/asterisk-allison/en_US_f_Allison_activated.flac"},
                               {"audio_filepath": "audio/asterisk-allison-8k/en_US_f_Allison_activated.flac"}])
        self.assertEqual([r["id"] for r in rows], ["asterisk-allison/en_US_f_Allison_activated",
                                                   "asterisk-allison-8k/en_US_f_Allison_activated"])
