package io.asrwb.engine.data.curation;

import java.util.Locale;
import java.util.Optional;

/**
 * How a dataset is to be given splits: the shares of its utterances held out for validation and
 * test (the rest trains), whether whole speakers or single utterances are dealt out, and the seed
 * that makes the deal repeatable.
 *
 * @param val  share of the utterances in the val split, in [0, 1)
 * @param test share of the utterances in the test split, in [0, 1)
 * @param by   speaker or utterance; empty: by speaker when every utterance has a speaker
 * @param seed the same seed deals the same rows the same way on every machine
 */
public record SplitRequest(double val, double test, Optional<By> by, long seed) {

    /** What is dealt out to the splits. */
    public enum By {
        /** Whole speakers: no speaker's voice in two splits, so val and test measure new voices. */
        SPEAKER,
        /** Single utterances: for rows without speakers, or too few speakers. */
        UTTERANCE;

        /** "speaker" or "utterance", as typed and shown. */
        public String key() {
            return name().toLowerCase(Locale.ROOT);
        }

        /** "speaker(s)" or "utterance(s)"; empty for anything else. */
        public static Optional<By> parse(String text) {
            String t = text == null ? "" : text.trim().toLowerCase(Locale.ROOT);
            return switch (t) {
                case "speaker", "speakers" -> Optional.of(SPEAKER);
                case "utterance", "utterances" -> Optional.of(UTTERANCE);
                default -> Optional.empty();
            };
        }
    }

    /** Refuses shares that leave nothing to hold out or nothing to train on, in words. */
    public SplitRequest {
        by = by == null ? Optional.empty() : by;
        share("val", val);
        share("test", test);
        if (val + test >= 1) {
            String keep = "keep val + test below 1 (0.1 and 0.1 are usual)";
            throw new SplitRefusedException(
                    String.format(
                            Locale.ROOT, "val %s and test %s leave nothing to train on", val, test),
                    keep,
                    keep);
        }
        if (val == 0 && test == 0) {
            throw new SplitRefusedException(
                    "val and test are both 0: nothing would be held out",
                    "give --val and/or --test a share such as 0.1",
                    "give val and/or test a share such as 0.1");
        }
    }

    private static void share(String name, double value) {
        if (!(value >= 0 && value < 1)) {
            String example = "e.g. 0.1 for a tenth";
            throw new SplitRefusedException(
                    name
                            + " "
                            + value
                            + ": expected a share of the utterances from 0 up to (not including) 1",
                    example,
                    example);
        }
    }
}
