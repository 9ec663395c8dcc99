"""Checks of hours.py that need espeak-ng and flite installed but render nothing.

Run: cd assets/demo-corpus && python3 -m unittest test_hours
"""

import unittest

import hours
from voices import VOICES


class HoursTest(unittest.TestCase):

    def test_every_voice_is_espeak_or_flite_and_none_is_held_out(self):
        voices = hours.training_voices()
        # flite's other voices are held out (awb, rms) or speak as a Festival voice (kal, kal16, slt)
        self.assertEqual({v.engine for v in voices}, {"espeak-ng"})
        self.assertFalse(any("festival" in v.engine or "festival" in v.name for v in voices))
        held_variants, held_flite = hours.held_out(VOICES)
        self.assertEqual(held_variants, {"m7", "paul", "f5", "anika", "m8", "victor", "linda", "grandma"})
        self.assertEqual(held_flite, {"awb", "rms"})
        held_variants = held_variants | set(hours.near_twins(held_variants, [n for n, _ in hours.espeak_variants()]))
        for v in voices:
            if v.engine == "espeak-ng":
                self.assertNotIn(v.name.split("+", 1)[1], held_variants, v.name)
            else:
                self.assertNotIn(v.name, held_flite | hours.FLITE_SKIP)
        # Every accent with every remaining variant: a full cross product.
        accents = {v.name.split("+")[0] for v in voices if v.engine == "espeak-ng"}
        variants = {v.name.split("+")[1] for v in voices if v.engine == "espeak-ng"}
        self.assertEqual(sum(v.engine == "espeak-ng" for v in voices), len(accents) * len(variants))
        self.assertIn("en-us", accents)
        self.assertEqual(len(accents) * len(variants), len(voices))
        self.assertEqual(len({v.speaker_id for v in voices}), len(voices))

    def test_no_voice_built_from_a_festival_voices_recordings_is_rendered(self):
        # flite kal/kal16 = Festival's kal (festvox-kallpc*), flite slt = Festival's slt (festvox-us-slt-hts)
        self.assertLessEqual({"kal", "kal16", "slt"}, hours.FLITE_SKIP)
        self.assertFalse({"kal", "kal16", "slt"} & set(hours.flite_voices()))

    def test_near_twins_of_held_out_voices_stay_out_of_training(self):
        # The pairs an audit found by ear and by their variant files: same formant table, other pitch/echo.
        variants = {v.name.split("+")[1] for v in hours.training_voices() if v.engine == "espeak-ng"}
        for twin in ("belinda", "f4", "robosoft", "robosoft3", "robosoft4", "robosoft5", "Storm", "anikaRobot"):
            self.assertNotIn(twin, variants)
        self.assertIn("m1", variants)  # a voice unlike any held-out one stays

    def test_no_held_out_test_sentence_is_spoken_in_training(self):
        held = hours.test_sentences()
        self.assertGreater(len(held), 100)
        # 16 h of plan: the demo model's whole training text, which is also its LM's text.
        texts = {u.text for u in hours.plan(20261126, hours.training_voices(), 34286, (5, 40))}
        self.assertFalse(held & texts)
        rows = hours.copy_held_out_rows()
        test_texts = {r["text"] for r in rows if r["split"] == "test"}
        self.assertEqual(test_texts, held)
        self.assertFalse(test_texts & texts)

    def test_the_plan_for_more_hours_extends_the_plan_for_fewer(self):
        voices = hours.training_voices()
        small = hours.plan(7, voices, 100, (5, 40))
        large = hours.plan(7, voices, 1600, (5, 40))
        self.assertEqual(large[:100], small)
        self.assertEqual(len({u.utt_id for u in large}), 1600)
        self.assertTrue(all(u.split == "train" for u in large))


if __name__ == "__main__":
    unittest.main()
