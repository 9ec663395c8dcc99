package io.asrwb.engine.decode;

/**
 * Settings of the prefix beam search.
 *
 * @param beamWidth           prefixes kept after each frame (≥ 1); wider is slower and closer to
 *                            the exact best labelling
 * @param lmWeight            α: weight of the language model's natural-log probability
 * @param wordBonus           β: added per completed word, offsetting the LM's bias to short
 *                            outputs; only applied with a language model
 * @param pruneLogProbability labels whose log-probability at a frame is below this are not tried
 *                            there (the frame's most probable label always is);
 *                            {@code Double.NEGATIVE_INFINITY} tries every label
 */
public record BeamSearchConfig(
        int beamWidth, double lmWeight, double wordBonus, double pruneLogProbability) {

    public BeamSearchConfig {
        if (beamWidth < 1) {
            throw new IllegalArgumentException("beamWidth must be at least 1, got " + beamWidth);
        }
        if (!Double.isFinite(lmWeight) || !Double.isFinite(wordBonus)) {
            throw new IllegalArgumentException(
                    "lmWeight and wordBonus must be finite, got α=" + lmWeight + " β=" + wordBonus);
        }
        if (Double.isNaN(pruneLogProbability) || pruneLogProbability > 0) {
            throw new IllegalArgumentException(
                    "pruneLogProbability is a log-probability (≤ 0 or"
                            + " -Infinity for none), got "
                            + pruneLogProbability);
        }
    }

    /** Beam of the given width, no LM weighting, no pruning: the pure acoustic labelling search. */
    public static BeamSearchConfig acoustic(int beamWidth) {
        return new BeamSearchConfig(beamWidth, 0, 0, Double.NEGATIVE_INFINITY);
    }

    /** Beam with language-model weight α and word bonus β, no pruning. */
    public static BeamSearchConfig withLanguageModel(int beamWidth, double alpha, double beta) {
        return new BeamSearchConfig(beamWidth, alpha, beta, Double.NEGATIVE_INFINITY);
    }

    public BeamSearchConfig withPruneLogProbability(double cutoff) {
        return new BeamSearchConfig(beamWidth, lmWeight, wordBonus, cutoff);
    }
}
