package io.asrwb.engine.align;

import java.util.List;

/**
 * One utterance of a stored alignment, as exports and views read it back.
 *
 * @param status  {@link AlignmentRepository#ALIGNED}, {@link AlignmentRepository#PARTIAL} or
 *                {@link AlignmentRepository#FAILED}
 * @param message why a text could not be placed ("" when both were)
 */
public record StoredAlignment(
        String id,
        String reference,
        String hypothesis,
        String status,
        String message,
        List<AlignedWord> referenceWords,
        List<AlignedWord> hypothesisWords) {

    public StoredAlignment {
        referenceWords = List.copyOf(referenceWords);
        hypothesisWords = List.copyOf(hypothesisWords);
    }
}
