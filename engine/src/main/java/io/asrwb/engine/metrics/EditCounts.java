package io.asrwb.engine.metrics;

/**
 * The operations of one minimal alignment of a hypothesis against a reference.
 *
 * @param substitutions   reference tokens replaced by another token
 * @param deletions       reference tokens missing from the hypothesis
 * @param insertions      hypothesis tokens with no reference token
 * @param referenceLength number of reference tokens (the denominator of an error rate)
 */
public record EditCounts(
        long substitutions, long deletions, long insertions, long referenceLength) {

    public static final EditCounts ZERO = new EditCounts(0, 0, 0, 0);

    public EditCounts {
        if (substitutions < 0 || deletions < 0 || insertions < 0 || referenceLength < 0) {
            throw new IllegalArgumentException(
                    "edit counts must not be negative: S="
                            + substitutions
                            + " D="
                            + deletions
                            + " I="
                            + insertions
                            + " N="
                            + referenceLength);
        }
    }

    /** Substitutions + deletions + insertions: the edit distance. */
    public long errors() {
        return substitutions + deletions + insertions;
    }

    /**
     * Errors divided by the reference length. An empty reference counts as length 1, so the rate
     * stays finite (0 for an empty hypothesis, the number of insertions otherwise) and an utterance
     * with a spurious transcript still sorts above a correct one.
     */
    public double rate() {
        return (double) errors() / Math.max(1, referenceLength);
    }

    /** Sums counts, as a corpus accumulator does: errors and lengths add, rates never average. */
    public EditCounts plus(EditCounts other) {
        return new EditCounts(
                substitutions + other.substitutions,
                deletions + other.deletions,
                insertions + other.insertions,
                referenceLength + other.referenceLength);
    }
}
