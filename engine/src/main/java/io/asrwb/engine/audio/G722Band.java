package io.asrwb.engine.audio;

/**
 * The backward-adaptive half of one G.722 sub-band: the scale factor of its quantizer and its
 * pole-zero predictor (2 poles on the reconstructed signal, 6 zeros on the quantized difference).
 * Both sides of a link derive this state from the codes alone, which is why every step is integer
 * arithmetic with the standard's exact shifts and limits: one bit off and the decoder drifts from
 * the encoder for the rest of the file.
 */
final class G722Band {

    private final int maxLogScale;
    private final int scaleShift;

    /** Linear scale factor (the standard's DET), log scale factor (NB). */
    private int scale;

    private int logScale;

    /** Signal estimate (S) and the zero section's share of it (SZ). */
    private int estimate;

    private int zeroEstimate;

    /** Pole coefficients and the last two reconstructed samples. */
    private int a1;

    private int a2;
    private int r1;
    private int r2;

    /** Signs of the last two partially reconstructed samples (SZ + D): true when negative. */
    private boolean p1Negative;

    private boolean p2Negative;

    /** Zero coefficients and the last six quantized differences, newest first. */
    private final int[] b = new int[6];

    private final int[] d = new int[6];

    private G722Band(int maxLogScale, int scaleShift, int initialScale) {
        this.maxLogScale = maxLogScale;
        this.scaleShift = scaleShift;
        this.scale = initialScale;
    }

    /** The lower band (0–4 kHz), 6-bit codes. */
    static G722Band lower() {
        return new G722Band(18432, 8, 32);
    }

    /** The upper band (4–8 kHz), 2-bit codes. */
    static G722Band upper() {
        return new G722Band(22528, 10, 8);
    }

    /** The quantized difference a code level stands for at the current scale. */
    int difference(int level) {
        return (scale * level) >> 12;
    }

    /** The signal estimate plus a difference, limited to the band's 15-bit range. */
    int reconstruct(int difference) {
        return Math.max(-16384, Math.min(16383, estimate + difference));
    }

    /**
     * Adapts to one more quantized difference {@code dq} (the one the predictor sees) and the
     * code's log-scale step; afterwards {@link #reconstruct} predicts the next sample.
     */
    void adapt(int dq, int logStep) {
        int r0 = sat(estimate + dq);
        boolean p0Negative = zeroEstimate + dq < 0;
        adaptPoles(p0Negative);
        adaptZeros(dq);
        p2Negative = p1Negative;
        p1Negative = p0Negative;
        r2 = r1;
        r1 = r0;
        int poles = sat(((a1 * sat(2 * r1)) >> 15) + ((a2 * sat(2 * r2)) >> 15));
        int zeros = 0;
        for (int i = 0; i < 6; i++) {
            zeros += (b[i] * sat(2 * d[i])) >> 15;
        }
        zeroEstimate = sat(zeros);
        estimate = sat(poles + zeroEstimate);
        logScale = Math.max(0, Math.min(maxLogScale, ((logScale * 127) >> 7) + logStep));
        int mantissa = G722Tables.INV_LOG[(logScale >> 6) & 31];
        int shift = (logScale >> 11) - scaleShift;
        scale = (shift < 0 ? mantissa >> -shift : mantissa << shift) << 2;
    }

    /**
     * Sign-sign gradient steps for the two pole coefficients, leaking towards 0, with the
     * standard's stability limits (|a2| ≤ 0.375, |a1| ≤ 1 − 2^-4 − a2 in Q14/Q15 terms).
     */
    private void adaptPoles(boolean p0Negative) {
        int wd = sat(a1 << 2);
        wd = Math.min(32767, p0Negative == p1Negative ? -wd : wd);
        int next2 = (wd >> 7) + (p0Negative == p2Negative ? 128 : -128) + ((a2 * 32512) >> 15);
        next2 = Math.max(-12288, Math.min(12288, next2));
        int next1 = sat((p0Negative == p1Negative ? 192 : -192) + ((a1 * 32640) >> 15));
        int limit = sat(15360 - next2);
        a1 = Math.max(-limit, Math.min(limit, next1));
        a2 = next2;
    }

    /** Sign-sign steps for the six zero coefficients (none when the difference is 0). */
    private void adaptZeros(int dq) {
        int step = dq == 0 ? 0 : 128;
        boolean negative = dq < 0;
        for (int i = 5; i >= 0; i--) {
            int s = (d[i] < 0) == negative ? step : -step;
            b[i] = sat(s + ((b[i] * 32640) >> 15));
            d[i] = i == 0 ? dq : d[i - 1];
        }
    }

    private static int sat(int v) {
        return Math.max(-32768, Math.min(32767, v));
    }
}
