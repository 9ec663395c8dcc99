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
 * <p>{@code score = (p + a) / 2}, or the one sign there is when the clip was never aligned or
 * never evaluated (0 with neither). A mean, not a noisy-OR {@code 1 - (1 - p)(1 - a)}: with one
 * eval, a clip the model simply mishears has {@code p = 1}, and a noisy-OR then ranks it first
 * whatever the alignment says; but the alignment is what tells the two apart (a right label the
 * model mishears still aligns fairly well; a wrong one does not). Measured on the demo corpus:
 * docs/decisions/relabel-queue.md.
 */
public final class RelabelScore {

    private RelabelScore() {}

    /** The score; NaN arguments are missing signs. */
    public static double of(double persistentCer, double refConfidence) {
        boolean evaluated = !Double.isNaN(persistentCer);
        boolean aligned = !Double.isNaN(refConfidence);
        double p = evaluated ? clamp(persistentCer) : 0;
        double a = aligned ? 1 - clamp(refConfidence) : 0;
        int signs = (evaluated ? 1 : 0) + (aligned ? 1 : 0);
        return signs == 0 ? 0 : (p + a) / signs;
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
