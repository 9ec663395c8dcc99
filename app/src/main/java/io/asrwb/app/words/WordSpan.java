package io.asrwb.app.words;

import io.asrwb.engine.analysis.WordEdit;

/**
 * One word of a tier, placed in the clip.
 *
 * @param index      its position in its tier
 * @param confidence the alignment's mean posterior over the word's frames (0..1)
 * @param edit       what the hypothesis did to it: MATCH, SUBSTITUTION or DELETION for a reference
 *                   word, MATCH, SUBSTITUTION or INSERTION for a hypothesis word
 */
public record WordSpan(
        Tier tier,
        int index,
        String word,
        double startSec,
        double endSec,
        double confidence,
        WordEdit.Kind edit) {

    /** The two rows: the transcript's words and the model's. */
    public enum Tier {
        REFERENCE,
        HYPOTHESIS
    }

    public TimeSpan span() {
        return new TimeSpan(startSec, endSec);
    }

    public boolean isError() {
        return edit != WordEdit.Kind.MATCH;
    }
}
