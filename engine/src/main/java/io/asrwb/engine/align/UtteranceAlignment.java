package io.asrwb.engine.align;

import java.util.Objects;

/**
 * One utterance aligned: its reference and the model's own hypothesis, each placed in the audio.
 *
 * @param id         the utterance's id in its dataset
 * @param reference  normalised reference text
 * @param hypothesis the model's transcript ("" when the audio could not be read)
 */
public record UtteranceAlignment(
        String id,
        String reference,
        String hypothesis,
        TextAlignment referenceAlignment,
        TextAlignment hypothesisAlignment) {

    public UtteranceAlignment {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(reference, "reference");
        Objects.requireNonNull(hypothesis, "hypothesis");
        Objects.requireNonNull(referenceAlignment, "referenceAlignment");
        Objects.requireNonNull(hypothesisAlignment, "hypothesisAlignment");
    }

    /** Both unaligned for one reason (the audio could not be read). */
    public static UtteranceAlignment failed(String id, String reference, String reason) {
        TextAlignment.Unaligned why = new TextAlignment.Unaligned(reason);
        return new UtteranceAlignment(id, reference, "", why, why);
    }
}
