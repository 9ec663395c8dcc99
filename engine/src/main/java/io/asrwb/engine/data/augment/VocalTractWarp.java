package io.asrwb.engine.data.augment;

import io.asrwb.engine.features.FftFilter;

/**
 * Vocal tract length perturbation on the waveform: the spectral envelope (the formants) moves
 * along the frequency axis by a factor α while the harmonics, and so the pitch, stay where they
 * are. {@link PitchShift} moves both together (a resample); this is the other half, a longer or
 * shorter tract with the same voice (Jaitly &amp; Hinton 2013 warp filterbanks; here the warp is
 * applied to the signal so it can be heard and every feature sees it).
 *
 * <p>Per 32 ms Hann frame (hop 8 ms): the log-magnitude spectrum's envelope is its "true
 * envelope" (Röbel &amp; Rodet 2005): the cepstrum liftered to the first {@link #LIFTER}
 * quefrencies (2.5 ms, below the pitch period of all but the highest voices), raised to the
 * spectrum wherever the spectrum is above it and liftered again, {@link #ITERATIONS} times, so it
 * runs through the harmonic peaks instead of between them. A plain liftered cepstrum smooths the
 * formant peaks away, and dividing by it left half of each formant where it was (measured: the
 * formants of a synthetic vowel moved 40 % of the way). Each bin is multiplied by warped
 * envelope / envelope, the phase kept; frames are overlap-added with the
 * window again and divided by the summed squared window. The warp is Kaldi's piecewise-linear one:
 * f → α·f up to an edge, then a straight line to the Nyquist frequency, so nothing is pushed out
 * of the band or leaves a hole at its top. The result has the input's energy.
 */
final class VocalTractWarp {

    static final int FRAME = 512;
    static final int HOP = 128;
    static final int LIFTER = 40;
    static final int ITERATIONS = 8;

    /** Where the linear part ends, as a fraction of Nyquist, for α ≤ 1 (α·edge for α > 1). */
    static final double EDGE = 0.85;

    private static final double[] WINDOW = hann(FRAME);

    private VocalTractWarp() {}

    /**
     * The frequency (a fraction of Nyquist) whose envelope value lands at {@code g} after the warp
     * by {@code alpha}: the inverse of f → αf below the edge b = EDGE·min(1, 1/α), linear above.
     */
    static double source(double g, double alpha) {
        double b = EDGE * Math.min(1, 1 / alpha);
        double top = alpha * b;
        return g <= top ? g / alpha : b + (g - top) * (1 - b) / (1 - top);
    }

    static float[] apply(float[] x, double alpha) {
        if (alpha == 1 || x.length == 0) {
            return x.clone();
        }
        int half = FRAME / 2;
        double[] sourceBin = new double[half + 1];
        for (int k = 0; k <= half; k++) {
            sourceBin[k] = source(k / (double) half, alpha) * half;
        }
        int padded = x.length + 2 * FRAME;
        double[] out = new double[padded];
        double[] weight = new double[padded];
        double[] re = new double[FRAME];
        double[] im = new double[FRAME];
        double[] env = new double[FRAME];
        double[] envIm = new double[FRAME];
        for (int start = 0; start + FRAME <= padded; start += HOP) {
            for (int i = 0; i < FRAME; i++) {
                int src = start + i - FRAME;
                re[i] = src >= 0 && src < x.length ? x[src] * WINDOW[i] : 0;
                im[i] = 0;
            }
            FftFilter.dft(re, im);
            logEnvelope(re, im, env, envIm);
            for (int k = 0; k <= half; k++) {
                double s = sourceBin[k];
                int j = Math.min((int) s, half - 1);
                double f = s - j;
                double warped = env[j] * (1 - f) + env[j + 1] * f;
                double g = Math.exp(warped - env[k]);
                re[k] *= g;
                im[k] *= g;
                if (k > 0 && k < half) {
                    re[FRAME - k] *= g;
                    im[FRAME - k] *= g;
                }
            }
            FftFilter.inverseDft(re, im);
            for (int i = 0; i < FRAME; i++) {
                out[start + i] += re[i] * WINDOW[i];
                weight[start + i] += WINDOW[i] * WINDOW[i];
            }
        }
        float[] y = new float[x.length];
        for (int i = 0; i < y.length; i++) {
            double w = weight[i + FRAME];
            y[i] = w > 1e-6 ? (float) (out[i + FRAME] / w) : 0f;
        }
        double before = NoiseMixer.energy(x);
        double after = NoiseMixer.energy(y);
        if (after > 0) {
            float g = (float) Math.sqrt(before / after);
            for (int i = 0; i < y.length; i++) {
                y[i] *= g;
            }
        }
        return y;
    }

    /** Fills {@code env[0..FRAME/2]} with the true envelope of the spectrum (re, im), in log. */
    private static void logEnvelope(double[] re, double[] im, double[] env, double[] envIm) {
        double[] logMagnitude = new double[FRAME];
        for (int k = 0; k < FRAME; k++) {
            logMagnitude[k] = Math.log(Math.hypot(re[k], im[k]) + 1e-9);
        }
        System.arraycopy(logMagnitude, 0, env, 0, FRAME);
        lifter(env, envIm);
        for (int i = 0; i < ITERATIONS; i++) {
            for (int k = 0; k < FRAME; k++) {
                env[k] = Math.max(env[k], logMagnitude[k]);
            }
            lifter(env, envIm);
        }
    }

    /** Keeps the first {@link #LIFTER} quefrencies of the real, symmetric log spectrum {@code a}. */
    private static void lifter(double[] a, double[] scratch) {
        java.util.Arrays.fill(scratch, 0);
        FftFilter.inverseDft(a, scratch);
        for (int q = LIFTER; q <= FRAME - LIFTER; q++) {
            a[q] = 0;
        }
        java.util.Arrays.fill(scratch, 0);
        FftFilter.dft(a, scratch);
    }

    private static double[] hann(int n) {
        double[] w = new double[n];
        for (int i = 0; i < n; i++) {
            w[i] = 0.5 - 0.5 * Math.cos(2 * Math.PI * i / n);
        }
        return w;
    }
}
