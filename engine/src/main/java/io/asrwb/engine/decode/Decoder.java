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

    CtcLabels labels();

    /** Seconds per output frame (e.g. 0.02 for a stride-2 model on 10 ms hops). */
    double frameSeconds();
}
