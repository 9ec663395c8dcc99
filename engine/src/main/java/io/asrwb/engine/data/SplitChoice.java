package io.asrwb.engine.data;

import java.util.EnumSet;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * Which utterances of a dataset a command reads: one split, or {@link #ALL} of them whatever their
 * split. Separate from {@link Split}, which says where one utterance belongs: "all" is a choice,
 * never an utterance's split, so a manifest cannot put a row in it.
 */
public enum SplitChoice {
    TRAIN(Split.TRAIN),
    VAL(Split.VAL),
    TEST(Split.TEST),
    /** Every utterance, rows without a split included (a NeMo manifest seldom names splits). */
    ALL(null);

    /** The words a command's help and its refusals use for the choices. */
    public static final String WORDS = "train, val, test or all";

    private final Split only;

    SplitChoice(Split only) {
        this.only = only;
    }

    /** The choice of one split; {@link Split#NONE} (no split) is not a choice of its own. */
    public static SplitChoice of(Split split) {
        return switch (split) {
            case TRAIN -> TRAIN;
            case VAL -> VAL;
            case TEST -> TEST;
            case NONE ->
                    throw new IllegalArgumentException(
                            "no split is not a split to choose; choose " + WORDS);
        };
    }

    /** {@link Split#parse}'s spellings and "all"; empty for anything else. */
    public static Optional<SplitChoice> parse(String text) {
        if (text != null && text.trim().equalsIgnoreCase("all")) {
            return Optional.of(ALL);
        }
        Split split = Split.parse(text);
        return split == Split.NONE ? Optional.empty() : Optional.of(of(split));
    }

    /** The utterance splits this choice takes. */
    public Set<Split> splits() {
        return only == null ? EnumSet.allOf(Split.class) : EnumSet.of(only);
    }

    public boolean includes(Split split) {
        return only == null || only == split;
    }

    /** "train", "val", "test" or "all": as typed, printed and stored with an eval or alignment. */
    public String key() {
        return name().toLowerCase(Locale.ROOT);
    }

    @Override
    public String toString() {
        return key();
    }
}
