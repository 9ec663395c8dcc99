package io.asrwb.engine.model.layers;

/**
 * Row index maps between the batch's time-major layout and the bidirectional LSTM's
 * per-direction layout, in which the backward direction's time runs from each utterance's own last
 * valid frame down to its first.
 *
 * <p>Original rows are ordered (t, b, d) — {@code (t*B + b)*2 + d} — which is what one GEMM of the
 * time-major input against both directions' weights gives when each row of 8H gate inputs is split
 * in two. Direction rows are ordered (t, d, b) — {@code (t*2 + d)*B + b} — so that one step of both
 * directions is one contiguous {@code [2,B,·]} block. For the backward direction, step t reads
 * original frame {@code L_b-1-t} while {@code t < L_b}; padded frames map to themselves (they come
 * after the valid ones in both orders, so nothing valid ever depends on them). The map is its own
 * inverse on frames, so one pair of index arrays serves forward and backward passes.
 */
record TimeReversal(
        int frames,
        int batch,
        int directions,
        int[] toDirectionRows,
        int[] toOriginalRows,
        int[] toDirectionRowsFromSum) {

    /** The maps for a bidirectional batch with the given valid frames per utterance. */
    static TimeReversal of(int frames, int[] lengths) {
        return of(frames, lengths, 2);
    }

    /**
     * The maps for {@code directions} (1: forward only, every map the identity; 2: forward and
     * backward) with the given valid frames per utterance.
     */
    static TimeReversal of(int frames, int[] lengths, int directions) {
        int batch = lengths.length;
        int rows = frames * batch * directions;
        int[] toDirection = new int[rows];
        int[] toOriginal = new int[rows];
        int[] fromSum = new int[rows];
        for (int t = 0; t < frames; t++) {
            for (int d = 0; d < directions; d++) {
                for (int b = 0; b < batch; b++) {
                    int source = (d == 1 && t < lengths[b]) ? lengths[b] - 1 - t : t;
                    int directionRow = (t * directions + d) * batch + b;
                    toDirection[directionRow] = (source * batch + b) * directions + d;
                    fromSum[directionRow] = source * batch + b;
                    toOriginal[(t * batch + b) * directions + d] =
                            (source * directions + d) * batch + b;
                }
            }
        }
        return new TimeReversal(frames, batch, directions, toDirection, toOriginal, fromSum);
    }
}
