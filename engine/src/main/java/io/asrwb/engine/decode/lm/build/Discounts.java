package io.asrwb.engine.decode.lm.build;

import java.util.Locale;

/**
 * Modified Kneser-Ney discounts of one order: D1 for n-grams seen once, D2 twice, D3+ three or
 * more times (by adjusted count), from the order's count-of-counts t1..t4 (Chen &amp; Goodman):
 * Y = t1 / (t1 + 2·t2), Dk = k − (k + 1)·Y·t(k+1) / tk.
 *
 * @param fallback true when the counts could not give valid discounts (a count-of-count is zero or
 *                 a discount falls outside 0..k, as on tiny texts) and lmplz's
 *                 {@code --discount_fallback} values 0.5, 1, 1.5 were used instead
 */
public record Discounts(double d1, double d2, double d3Plus, boolean fallback) {

    /** What lmplz --discount_fallback uses when the counts give no valid discounts. */
    public static final Discounts FALLBACK = new Discounts(0.5, 1.0, 1.5, true);

    /** From count-of-counts: {@code t[k]} = n-grams whose adjusted count is exactly k (k = 1..4). */
    public static Discounts fromCountOfCounts(long[] t) {
        if (t.length < 5) {
            throw new IllegalArgumentException("need t[1..4], got " + t.length + " entries");
        }
        if (t[1] == 0 || t[2] == 0 || t[3] == 0) {
            return FALLBACK;
        }
        double y = (double) t[1] / (t[1] + 2.0 * t[2]);
        double[] d = new double[4];
        for (int k = 1; k <= 3; k++) {
            d[k] = k - (k + 1) * y * t[k + 1] / t[k];
            if (!(d[k] > 0) || d[k] > k) {
                return FALLBACK;
            }
        }
        return new Discounts(d[1], d[2], d[3], false);
    }

    /** The discount taken from an n-gram with this adjusted count (0 for 0). */
    public double of(long adjustedCount) {
        if (adjustedCount <= 0) {
            return 0;
        }
        return adjustedCount == 1 ? d1 : adjustedCount == 2 ? d2 : d3Plus;
    }

    @Override
    public String toString() {
        return String.format(
                Locale.ROOT,
                "D1=%.4f D2=%.4f D3+=%.4f%s",
                d1,
                d2,
                d3Plus,
                fallback ? " (fallback)" : "");
    }
}
