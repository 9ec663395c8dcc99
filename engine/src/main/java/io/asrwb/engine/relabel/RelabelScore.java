package io.asrwb.engine.relabel;

/**
 * How likely a clip's transcript is wrong, from two independent signs (docs/decisions/relabel-queue.md):
 *
 * <ul>
 *   <li><b>persistence</b> {@code p}: the clip's lowest CER over every evaluation of every run (each
 *       capped at 1). A clip only a weak early checkpoint got wrong scores low, because a later,
 *       better one got it right; one that every checkpoint gets wrong keeps a high minimum.
 *   <li><b>alignment doubt</b> {@code a = 1 - confidence} of the reference in the newest forced
 *       alignment: the model's mean posterior along the transcript's own path, the self-confidence
 *       that confident learning ranks labels by.
 * </ul>
 *
 * <p>{@code score = 1 - (1 - p)(1 - a)}: the chance that at least one sign is right if they were
 * independent probabilities. Either sign alone can put a clip at the top; both together put it
 * higher than either; a missing sign (never aligned, never evaluated) counts as no doubt.
 */
public final class RelabelScore {

    private RelabelScore() {}

    /** The score; NaN arguments are missing signs. */
    public static double of(double persistentCer, double refConfidence) {
        double p = Double.isNaN(persistentCer) ? 0 : clamp(persistentCer);
        double a = Double.isNaN(refConfidence) ? 0 : 1 - clamp(refConfidence);
        return 1 - (1 - p) * (1 - a);
    }

    /** The lowest of the CERs, each capped at 1; NaN for none. */
    public static double persistence(Iterable<EvalCer> evals) {
        double min = Double.NaN;
        for (EvalCer e : evals) {
            double c = clamp(e.cer());
            min = Double.isNaN(min) ? c : Math.min(min, c);
        }
        return min;
    }

    private static double clamp(double v) {
        return Math.max(0, Math.min(1, v));
    }
}
