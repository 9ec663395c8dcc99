"""Hand-made checks of bench/asr_scoring.py: run with `python3 -m unittest discover -s bench -p 'test_asr_scoring.py'`."""

import os
import tempfile
import unittest

from asr_scoring import Corpus, arpa_vocabulary, edit_distance, normalise, utterance_counts
from peer_pocketsphinx import parse_hyp_line


class NormaliseTest(unittest.TestCase):
    def test_case_punctuation_apostrophes_and_spaces(self):
        self.assertEqual(normalise("  Don\u2019t STOP,  now!  "), "don't stop now")

    def test_dashes_and_slashes_separate_words(self):
        self.assertEqual(normalise("twenty-one and/or left_turn"), "twenty one and or left turn")

    def test_numbers_left_as_written_and_nfkc(self):
        self.assertEqual(normalise("Room \uff11\uff10"), "room 10")


class EditDistanceTest(unittest.TestCase):
    def test_words(self):
        # ref: go forward ten meters / hyp: go forward the ten meter
        # one insertion (the), one substitution (meters -> meter): 2 edits of 4 words
        self.assertEqual(edit_distance("go forward ten meters".split(),
                                       "go forward the ten meter".split()), 2)

    def test_characters_count_spaces(self):
        self.assertEqual(edit_distance("five five", "fivefive"), 1)
        self.assertEqual(edit_distance("kitten", "sitting"), 3)
        self.assertEqual(edit_distance("", "abc"), 3)


class CorpusTest(unittest.TestCase):
    def test_corpus_rates_divide_once(self):
        corpus = Corpus()
        corpus.add("two nine three four zero", "two nine three for zero")  # 1 of 5 words
        corpus.add("five five", "")  # 2 of 2 words deleted, 9 of 9 characters
        # WER: (1 + 2) / (5 + 2) = 3/7, not the mean of 1/5 and 2/2
        self.assertAlmostEqual(corpus.wer(), 3 / 7)
        # CER: "four"->"for" is 1 edit of 24 characters; "five five" deleted: 9 of 9
        self.assertEqual(utterance_counts("two nine three four zero", "two nine three for zero"),
                         (1, 5, 1, 24))
        self.assertAlmostEqual(corpus.cer(), 10 / 33)
        self.assertEqual(corpus.utterances, 2)

    def test_empty_reference_counts_as_length_one(self):
        corpus = Corpus().add("", "uh")
        self.assertEqual(corpus.wer(), 1.0)
        self.assertEqual(corpus.cer(), 2.0)


class ArpaVocabularyTest(unittest.TestCase):
    def test_unigrams_without_markers(self):
        text = ("\\data\\\nngram 1=5\nngram 2=1\n\n\\1-grams:\n-1.0\t</s>\n-99\t<s>\t-0.5\n"
                "-2.0\t<unk>\n-1.0\tgo\t-0.3\n-1.0\tstop\t-0.3\n\n\\2-grams:\n-0.5\tgo stop\n"
                "\n\\end\\\n")
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, "lm.arpa")
            with open(path, "w", encoding="utf-8") as f:
                f.write(text)
            self.assertEqual(arpa_vocabulary(path), ["go", "stop"])


class PocketsphinxHypTest(unittest.TestCase):
    def test_hyp_lines(self):
        self.assertEqual(parse_hyp_line("go forward ten meters (u000000 -3306)\n"),
                         ("u000000", "go forward ten meters"))
        self.assertEqual(parse_hyp_line("<s> five(2) [NOISE] five </s> (u1 -2992)"),
                         ("u1", "five five"))
        self.assertEqual(parse_hyp_line(" (u2 -12)"), ("u2", ""))
        self.assertIsNone(parse_hyp_line("INFO: something"))


if __name__ == "__main__":
    unittest.main()
