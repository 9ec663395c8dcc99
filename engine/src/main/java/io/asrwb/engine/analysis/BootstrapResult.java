package io.asrwb.engine.analysis;

import java.util.Locale;

/**
 * A paired bootstrap's answer for WER(B) − WER(A): negative means B makes fewer errors.
 *
 * @param delta       the observed difference on the whole set
 * @param low         lower end of the confidence interval
 * @param high        upper end of the confidence interval
 * @param pBWorse     share of resamples in which B was worse than A
 */
public record BootstrapResult(
        double delta,
        double low,
        double high,
        double level,
        int resamples,
        long seed,
        double pBWorse) {

    /** The interval leaves out 0: the difference is unlikely to be the luck of the utterances. */
    public boolean significant() {
        return low > 0 || high < 0;
    }

    /** One line for people. */
    public String describe() {
        String verdict =
                !significant()
                        ? "not significant: the interval holds 0"
                        : delta < 0 ? "significant: B is better" : "significant: B is worse";
        return String.format(
                Locale.ROOT,
                "WER(B) - WER(A) = %+.2f points, %.0f %% interval [%+.2f, %+.2f] (%d paired"
                        + " bootstrap resamples, seed %d): %s",
                100 * delta,
                100 * level,
                100 * low,
                100 * high,
                resamples,
                seed,
                verdict);
    }
}
