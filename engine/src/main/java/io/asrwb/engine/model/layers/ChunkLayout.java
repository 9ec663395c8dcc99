package io.asrwb.engine.model.layers;

/**
 * Row index maps between a batch's time-major rows and the chunks a latency-controlled LSTM runs
 * its backward direction over (Chen and Huo's LC-BLSTM, as Kaldi trains it): chunk {@code c} of
 * utterance {@code b} covers frames {@code [c·N, c·N + N + R)} cut at the utterance's length, and
 * is run backwards from a zero state; its first {@code N} frames keep the result, the {@code R}
 * after them are only heard. So every output frame depends on at most {@code N + R - 1} later frames.
 *
 * <p>Original rows are {@code t·B + b}; chunk rows are {@code p·C + (b·K + c)} for chunk step
 * {@code p} (step 0 reads the chunk's last valid frame), {@code K} chunks an utterance, {@code C =
 * B·K} chunks in all. Index {@link #zeroRow(int)} of a map means "no frame": the caller appends a
 * zero row to the matrix it pulls from.
 *
 * @param chunkLengths valid frames of each chunk ({@code b·K + c}), 0 for chunks past the end
 * @param toChunkRows for each chunk row, the original row it reads, or {@code frames·batch}
 * @param fromChunkRows for each original row, the chunk row whose output it keeps, or {@code
 *     width·chunks}
 * @param keptByChunkRows the inverse: for each chunk row, the original row that keeps its output,
 *     or {@code frames·batch} for the rows only heard (no loss gradient reaches them directly)
 * @param heardInChunkRows per overlap {@code k}, for each original row, the chunk row of the
 *     {@code k}-th chunk that reads it (k = 0 the chunk it belongs to, then earlier chunks whose
 *     right context it is), or {@code width·chunks}: the input gradient is the sum over {@code k}
 */
record ChunkLayout(
        int frames,
        int batch,
        int chunkFrames,
        int width,
        int chunksPerUtterance,
        int[] chunkLengths,
        int[] toChunkRows,
        int[] fromChunkRows,
        int[] keptByChunkRows,
        int[][] heardInChunkRows) {

    /** All chunks, {@code batch · chunksPerUtterance}. */
    int chunks() {
        return batch * chunksPerUtterance;
    }

    /** The index that stands for "no frame" in a map onto {@code rows} rows. */
    static int zeroRow(int rows) {
        return rows;
    }

    /**
     * The layout of a batch of {@code frames} with valid {@code lengths}, chunks of {@code
     * chunkFrames} kept frames and {@code lookaheadFrames} heard after them.
     */
    static ChunkLayout of(int frames, int[] lengths, int chunkFrames, int lookaheadFrames) {
        if (chunkFrames < 1 || lookaheadFrames < 0) {
            throw new IllegalArgumentException(
                    "chunk frames must be >= 1 and lookahead frames >= 0, got "
                            + chunkFrames
                            + " and "
                            + lookaheadFrames);
        }
        int batch = lengths.length;
        int perUtterance = Math.max(1, (frames + chunkFrames - 1) / chunkFrames);
        int width = chunkFrames + lookaheadFrames;
        int chunks = batch * perUtterance;
        int[] chunkLengths = new int[chunks];
        for (int b = 0; b < batch; b++) {
            for (int c = 0; c < perUtterance; c++) {
                int start = c * chunkFrames;
                chunkLengths[b * perUtterance + c] =
                        Math.max(0, Math.min(width, lengths[b] - start));
            }
        }
        int noOriginal = zeroRow(frames * batch);
        int noChunk = zeroRow(width * chunks);
        int[] toChunk = new int[width * chunks];
        java.util.Arrays.fill(toChunk, noOriginal);
        int[] kept = new int[width * chunks];
        java.util.Arrays.fill(kept, noOriginal);
        int overlaps = (width + chunkFrames - 1) / chunkFrames;
        int[] fromChunk = new int[frames * batch];
        int[][] heard = new int[overlaps][frames * batch];
        java.util.Arrays.fill(fromChunk, noChunk);
        for (int[] map : heard) {
            java.util.Arrays.fill(map, noChunk);
        }
        for (int b = 0; b < batch; b++) {
            for (int c = 0; c < perUtterance; c++) {
                int chunk = b * perUtterance + c;
                int length = chunkLengths[chunk];
                int start = c * chunkFrames;
                for (int p = 0; p < length; p++) {
                    int offset = length - 1 - p;
                    int t = start + offset;
                    int chunkRow = p * chunks + chunk;
                    int original = t * batch + b;
                    toChunk[chunkRow] = original;
                    if (offset < chunkFrames) {
                        fromChunk[original] = chunkRow;
                        kept[chunkRow] = original;
                    }
                    heard[offset / chunkFrames][original] = chunkRow;
                }
            }
        }
        return new ChunkLayout(
                frames,
                batch,
                chunkFrames,
                width,
                perUtterance,
                chunkLengths,
                toChunk,
                fromChunk,
                kept,
                heard);
    }
}
