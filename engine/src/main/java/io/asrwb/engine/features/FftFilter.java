package io.asrwb.engine.features;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.DoubleUnaryOperator;

/**
 * Whole-signal filtering by one FFT of the padded signal: linear convolution with an impulse
 * response (room reverb) and a zero-phase gain per frequency (band limits). One transform of a
 * few seconds of audio costs a few milliseconds, less than a time-domain FIR of a long reverb
 * tail. Plans are built once per length and shared; calls are thread-safe.
 */
public final class FftFilter {

    private static final Map<Integer, MixedRadixFft> PLANS = new ConcurrentHashMap<>();

    private FftFilter() {}

    /**
     * {@code length} samples of the linear convolution x * h from index {@code offset} on (zero
     * beyond its end).
     */
    public static float[] convolve(float[] x, float[] h, int offset, int length) {
        if (x.length == 0 || h.length == 0) {
            return new float[length];
        }
        int n = powerOfTwoAtLeast(x.length + h.length - 1);
        MixedRadixFft fft = plan(n);
        // Both real inputs in one complex transform, z = x + i·h: X[k] = (Z[k] + conj Z[−k]) / 2
        // and
        // H[k] = (Z[k] − conj Z[−k]) / 2i, so two transforms do the work of three.
        double[] zr = widen(x, n);
        double[] zi = widen(h, n);
        double[] sr = new double[n];
        double[] si = new double[n];
        fft.forward(zr, zi, sr, si);
        double[] ar = new double[n];
        double[] ai = new double[n];
        for (int k = 0; k < n; k++) {
            int m = k == 0 ? 0 : n - k;
            double xr = 0.5 * (zr[k] + zr[m]);
            double xi = 0.5 * (zi[k] - zi[m]);
            double hr = 0.5 * (zi[k] + zi[m]);
            double hi = -0.5 * (zr[k] - zr[m]);
            ar[k] = xr * hr - xi * hi;
            ai[k] = -(xr * hi + xi * hr); // conjugate: the inverse is conj(F(conj Y)) / n
        }
        fft.forward(ar, ai, sr, si);
        float[] out = new float[length];
        int end = Math.min(length, x.length + h.length - 1 - offset);
        for (int i = 0; i < end; i++) {
            out[i] = (float) (ar[offset + i] / n);
        }
        return out;
    }

    /**
     * x with each frequency f (Hz) scaled by {@code gain(f)}, zero phase; the signal is padded to
     * avoid wrap-around from its end to its start.
     */
    public static float[] shape(float[] x, int rate, DoubleUnaryOperator gain) {
        if (x.length == 0) {
            return new float[0];
        }
        int n = powerOfTwoAtLeast(x.length + rate / 50);
        MixedRadixFft fft = plan(n);
        double[] re = widen(x, n);
        double[] im = new double[n];
        double[] sr = new double[n];
        double[] si = new double[n];
        fft.forward(re, im, sr, si);
        for (int k = 0; k <= n / 2; k++) {
            double g = gain.applyAsDouble(k * (double) rate / n);
            re[k] *= g;
            im[k] = -im[k] * g;
            if (k > 0 && k < n / 2) {
                re[n - k] *= g;
                im[n - k] = -im[n - k] * g;
            }
        }
        fft.forward(re, im, sr, si);
        float[] out = new float[x.length];
        for (int i = 0; i < out.length; i++) {
            out[i] = (float) (re[i] / n);
        }
        return out;
    }

    /**
     * Replaces (re, im) by its forward DFT, X[k] = Σ x[t]·e^(−2πikt/n), in place; for code
     * outside this package that works frame by frame (vocal tract warping).
     */
    public static void dft(double[] re, double[] im) {
        plan(re.length).forward(re, im, new double[re.length], new double[re.length]);
    }

    /** The inverse of {@link #dft}, in place, scaled by 1/n: conj(F(conj X)) / n. */
    public static void inverseDft(double[] re, double[] im) {
        int n = re.length;
        for (int k = 0; k < n; k++) {
            im[k] = -im[k];
        }
        dft(re, im);
        for (int k = 0; k < n; k++) {
            re[k] /= n;
            im[k] = -im[k] / n;
        }
    }

    private static MixedRadixFft plan(int n) {
        return PLANS.computeIfAbsent(n, MixedRadixFft::new);
    }

    private static double[] widen(float[] x, int n) {
        double[] out = new double[n];
        for (int i = 0; i < x.length; i++) {
            out[i] = x[i];
        }
        return out;
    }

    static int powerOfTwoAtLeast(int n) {
        return n <= 1 ? 1 : Integer.highestOneBit(n - 1) << 1;
    }
}
