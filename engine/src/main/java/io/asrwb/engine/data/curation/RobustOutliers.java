package io.asrwb.engine.data.curation;

import java.util.Arrays;

/**
 * Flags values far from the bulk by median ± k·σ̂, where σ̂ = 1.4826·MAD (the median absolute
 * deviation scaled to match a normal distribution's standard deviation). Robust where mean ± k·sd
 * is not: a handful of 10-minute clips in a corpus of 5-second ones do not widen the band that
 * should catch them.
 *
 * <p>k = 3.5 follows Iglewicz and Hoaglin's recommended cut-off for the modified z-score. With
 * fewer than {@link #MIN_VALUES} values nothing is flagged: there is no bulk to be far from.
 */
public final class RobustOutliers {

    public static final double K = 3.5;
    public static final double MAD_TO_SIGMA = 1.4826;
    public static final int MIN_VALUES = 8;

    private final double median;
    private final double halfWidth;

    private RobustOutliers(double median, double halfWidth) {
        this.median = median;
        this.halfWidth = halfWidth;
    }

    /** Fits the band to {@code values} (NaN values are ignored). */
    public static RobustOutliers fit(double[] values) {
        double[] v = Arrays.stream(values).filter(x -> !Double.isNaN(x)).sorted().toArray();
        if (v.length < MIN_VALUES) {
            return new RobustOutliers(Double.NaN, Double.POSITIVE_INFINITY);
        }
        double med = medianOfSorted(v);
        double[] dev = Arrays.stream(v).map(x -> Math.abs(x - med)).sorted().toArray();
        double mad = medianOfSorted(dev);
        return new RobustOutliers(med, K * MAD_TO_SIGMA * mad);
    }

    public boolean isOutlier(double x) {
        if (Double.isNaN(x) || Double.isNaN(median)) {
            return false;
        }
        // A MAD of 0 (more than half the values identical) would flag every other value; a band of
        // zero width says nothing, so then only flag nothing.
        return halfWidth > 0 && Math.abs(x - median) > halfWidth;
    }

    public double median() {
        return median;
    }

    public double lower() {
        return median - halfWidth;
    }

    public double upper() {
        return median + halfWidth;
    }

    static double medianOfSorted(double[] sorted) {
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }
}
