package io.asrwb.engine.metrics;

import java.util.Objects;

/**
 * Word and character edits of one utterance; its CER is what curation sorts by.
 *
 * @param words      word-level edits
 * @param characters character-level edits
 */
public record UtteranceErrors(EditCounts words, EditCounts characters) {

    public UtteranceErrors {
        Objects.requireNonNull(words, "words");
        Objects.requireNonNull(characters, "characters");
    }

    /** Scores a hypothesis against its reference; both texts should already be normalised. */
    public static UtteranceErrors score(String reference, String hypothesis, SpaceHandling spaces) {
        String refChars = spaces == SpaceHandling.IGNORED ? reference.replace(" ", "") : reference;
        String hypChars =
                spaces == SpaceHandling.IGNORED ? hypothesis.replace(" ", "") : hypothesis;
        return new UtteranceErrors(
                EditDistance.words(reference, hypothesis),
                EditDistance.characters(refChars, hypChars));
    }

    public double wer() {
        return words.rate();
    }

    public double cer() {
        return characters.rate();
    }
}
