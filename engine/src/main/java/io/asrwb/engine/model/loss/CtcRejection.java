package io.asrwb.engine.model.loss;

/**
 * An utterance of a batch that the CTC loss left out: its loss counts as zero and its gradient is
 * zero, so one bad utterance never poisons the batch. The trainer maps {@code example} (the row in
 * the batch) back to an utterance id and records it.
 *
 * @param example row of the utterance in the batch
 * @param reason why it was left out
 * @param labels number of labels in its transcript
 * @param frames number of output frames it has (from the mask)
 * @param needed output frames its transcript needs (one per label, plus a blank between each pair
 *     of equal neighbours)
 */
public record CtcRejection(int example, Reason reason, int labels, int frames, int needed) {

    /** Why an utterance cannot contribute a finite CTC loss. */
    public enum Reason {
        /** No labels: libnd4j returns −∞ for it. */
        EMPTY_TRANSCRIPT,
        /**
         * Fewer output frames than the transcript needs (one per label plus one blank between each
         * pair of equal neighbours): its likelihood is zero.
         */
        TOO_FEW_FRAMES,
        /** The loss or gradient came back NaN or infinite, e.g. from non-finite activations. */
        NON_FINITE
    }

    /** One line for logs and the trainer's skipped-utterance record. */
    public String describe() {
        return "example " + example + ": " + cause();
    }

    /**
     * Why its loss cannot be finite, in words, with the numbers behind it: e.g. "CTC loss is
     * infinite: 12 labels need at least 14 output frames, the clip gives 9".
     */
    public String cause() {
        return switch (reason) {
            case EMPTY_TRANSCRIPT -> "CTC loss is infinite: the transcript is empty";
            case TOO_FEW_FRAMES ->
                    "CTC loss is infinite: "
                            + labels
                            + " labels need at least "
                            + needed
                            + " output frames, the clip gives "
                            + frames;
            case NON_FINITE ->
                    "CTC loss or gradient is not finite: the network's scores for it are NaN or"
                            + " infinite";
        };
    }
}
