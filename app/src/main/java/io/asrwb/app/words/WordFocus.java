package io.asrwb.app.words;

import io.asrwb.engine.analysis.WordEdit;
import java.util.List;
import java.util.Optional;

/**
 * Which word of a clip's tiers to select when the clip is opened.
 *
 * @param index the word's position in its tier
 */
public record WordFocus(WordSpan.Tier tier, int index) {

    /**
     * The first wrong word of a word diff: a substituted or deleted word in the reference tier, an
     * inserted one in the hypothesis tier; empty when the hypothesis is right.
     */
    public static Optional<WordFocus> firstError(List<WordEdit> edits) {
        int ref = 0;
        int hyp = 0;
        for (WordEdit e : edits) {
            switch (e.kind()) {
                case MATCH -> {
                    ref++;
                    hyp++;
                }
                case SUBSTITUTION, DELETION -> {
                    return Optional.of(new WordFocus(WordSpan.Tier.REFERENCE, ref));
                }
                case INSERTION -> {
                    return Optional.of(new WordFocus(WordSpan.Tier.HYPOTHESIS, hyp));
                }
            }
        }
        return Optional.empty();
    }
}
