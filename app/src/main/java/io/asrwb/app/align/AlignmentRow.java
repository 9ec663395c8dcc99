package io.asrwb.app.align;

import io.asrwb.engine.align.AlignedWord;
import io.asrwb.engine.align.StoredAlignment;

/**
 * One utterance of a stored alignment as the table shows it.
 *
 * @param worstConfidence the lowest word confidence of its reference (NaN when not aligned): the
 *                        table sorts by it so words the model struggles with come first
 */
public record AlignmentRow(StoredAlignment alignment, double worstConfidence) {

    static AlignmentRow of(StoredAlignment a) {
        return new AlignmentRow(
                a,
                a.referenceWords().stream()
                        .mapToDouble(AlignedWord::confidence)
                        .min()
                        .orElse(Double.NaN));
    }

    public String id() {
        return alignment.id();
    }
}
