package io.asrwb.engine.data.augment;

/**
 * Moves every frequency of a voice, pitch and formants together (a shorter or longer vocal tract
 * and a higher or lower voice), without changing its duration: resample as a speed change by the
 * factor p = 2^(semitones/12), then stretch back to the original length by WSOLA (Verhelst &amp;
 * Roelands 1993), which overlap-adds 32 ms Hann frames, each taken where it best continues the
 * previous one, so it changes timing and leaves frequencies alone.
 */
final class PitchShift {

    private static final int FRAME = 512;
    private static final int HOP = FRAME / 2;
    private static final int TOLERANCE = 128;
    private static final int MATCH = 256;
    private static final float[] WINDOW = hann(FRAME);

    private final SpeedPerturbation speed;

    PitchShift(SpeedPerturbation speed) {
        this.speed = speed;
    }

    /** The factor actually applied (the speed grid's rounding) for {@code semitones}. */
    double factor(double semitones) {
        return speed.effectiveFactor(Math.pow(2, semitones / 12));
    }

    float[] apply(float[] samples, double semitones) {
        double p = factor(semitones);
        if (p == 1) {
            return samples.clone();
        }
        return stretch(speed.apply(samples, p), samples.length);
    }

    /** WSOLA time-scaling of {@code in} to {@code length} samples. */
    static float[] stretch(float[] in, int length) {
        float[] out = new float[length];
        if (in.length < FRAME + 2 * TOLERANCE || length < FRAME) {
            // Too short to stretch by frames: fall back to plain resampling by linear
            // interpolation.
            for (int i = 0; i < length; i++) {
                double x =
                        in.length <= 1 ? 0 : i * (in.length - 1) / (double) Math.max(1, length - 1);
                int j = (int) x;
                double f = x - j;
                out[i] =
                        in.length == 0
                                ? 0
                                : (float)
                                        (in[j] * (1 - f)
                                                + (j + 1 < in.length ? in[j + 1] : in[j]) * f);
            }
            return out;
        }
        double analysisHop = HOP * (in.length - FRAME) / (double) Math.max(1, length - FRAME);
        float[] weight = new float[length];
        int previous = 0;
        for (int k = 0; k * HOP < length; k++) {
            int target = k * HOP;
            int nominal = (int) Math.round(k * analysisHop);
            int chosen = k == 0 ? 0 : bestOffset(in, previous + HOP, nominal);
            for (int j = 0; j < FRAME && target + j < length; j++) {
                int src = chosen + j;
                float v = src < in.length ? in[src] : 0f;
                out[target + j] += WINDOW[j] * v;
                weight[target + j] += WINDOW[j];
            }
            previous = chosen;
        }
        for (int i = 0; i < length; i++) {
            if (weight[i] > 1e-3f) {
                out[i] /= weight[i];
            }
        }
        return out;
    }

    /** The start within ±TOLERANCE of {@code nominal} whose samples best match {@code in[natural…]}. */
    private static int bestOffset(float[] in, int natural, int nominal) {
        int lo = Math.max(0, nominal - TOLERANCE);
        int hi = Math.min(in.length - MATCH, nominal + TOLERANCE);
        if (natural + MATCH > in.length || hi < lo) {
            return Math.max(0, Math.min(nominal, in.length - 1));
        }
        int best = Math.max(0, Math.min(nominal, hi));
        double bestScore = Double.NEGATIVE_INFINITY;
        for (int c = lo; c <= hi; c++) {
            double s = 0;
            for (int j = 0; j < MATCH; j += 2) {
                s += in[c + j] * in[natural + j];
            }
            if (s > bestScore) {
                bestScore = s;
                best = c;
            }
        }
        return best;
    }

    private static float[] hann(int n) {
        float[] w = new float[n];
        for (int i = 0; i < n; i++) {
            w[i] = (float) (0.5 - 0.5 * Math.cos(2 * Math.PI * i / n));
        }
        return w;
    }
}
