package io.asrwb.engine.decode;

/**
 * Turns a model's per-frame log-probabilities ({@code [T][K]}, K = number of labels, blank at 0)
 * into a transcript. Decoders are immutable and thread-safe.
 */
public sealed interface Decoder permits GreedyCtcDecoder, PrefixBeamSearchDecoder {

    /**
     * Decodes the first {@code frames} rows (the utterance's true length inside a padded batch).
     *
     * @throws IllegalArgumentException when a row's width is not the label count, or frames is
     *     outside 0..rows
     */
    Transcript decode(float[][] logProbabilities, int frames);

    /** Decodes every row. */
    default Transcript decode(float[][] logProbabilities) {
        return decode(logProbabilities, logProbabilities.length);
    }

    /**
     * A decode of rows that arrive one at a time (streaming): {@link Session#finish} of the rows
     * advanced equals {@link #decode} of them all. This one does all its work in {@code finish};
     * a decoder whose search runs frame by frame overrides it so that little is left for then.
     */
    default Session session() {
        return new Session() {
            private int frames;

            @Override
            public void advance(float[] row) {
                frames++;
            }

            @Override
            public Transcript finish(float[][] logProbabilities) {
                return decode(logProbabilities, frames);
            }
        };
    }

    /** One utterance's decode in progress. Not thread-safe. */
    interface Session {

        /** The next frame's log-probabilities. */
        void advance(float[] row);

        /**
         * The transcript of the rows advanced so far; {@code logProbabilities} holds at least
         * those rows, in order (for the word timings' alignment).
         */
        Transcript finish(float[][] logProbabilities);
    }

    CtcLabels labels();

    /** Seconds per output frame (e.g. 0.02 for a stride-2 model on 10 ms hops). */
    double frameSeconds();
}
