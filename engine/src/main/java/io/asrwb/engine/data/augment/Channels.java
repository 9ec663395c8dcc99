package io.asrwb.engine.data.augment;

import io.asrwb.engine.audio.Resampler;
import io.asrwb.engine.features.FftFilter;

/**
 * What a microphone, a phone line and a codec do to a 16 kHz signal: a band limit, the telephone
 * channel (8 kHz round trip, 300–3400 Hz), and G.711-style μ-law 8-bit companding.
 */
final class Channels {

    /** Width of the raised-cosine skirts outside a pass band, Hz. */
    static final double SKIRT_HZ = 100;

    static final double TELEPHONE_LOW_HZ = 300;
    static final double TELEPHONE_HIGH_HZ = 3400;
    static final double MU = 255;

    private static final Resampler DOWN = new Resampler(16_000, 8_000);
    private static final Resampler UP = new Resampler(8_000, 16_000);

    private Channels() {}

    /**
     * Pass band [low, high] Hz at gain 1, raised-cosine skirts {@link #SKIRT_HZ} wide outside it,
     * nothing beyond; zero phase.
     */
    static float[] bandLimit(float[] x, int rate, double lowHz, double highHz) {
        return FftFilter.shape(x, rate, f -> bandGain(f, lowHz, highHz));
    }

    static double bandGain(double f, double low, double high) {
        if (f >= low && f <= high) {
            return 1;
        }
        double away = f < low ? low - f : f - high;
        return away >= SKIRT_HZ ? 0 : 0.5 + 0.5 * Math.cos(Math.PI * away / SKIRT_HZ);
    }

    /** A 16 kHz signal as a narrow-band phone call delivers it, back at 16 kHz. */
    static float[] telephone(float[] x) {
        float[] narrow = UP.process(DOWN.process(x));
        float[] same = new float[x.length];
        System.arraycopy(narrow, 0, same, 0, Math.min(narrow.length, x.length));
        return bandLimit(same, 16_000, TELEPHONE_LOW_HZ, TELEPHONE_HIGH_HZ);
    }

    /** μ-law compress to 8 bits (256 levels over [−1, 1]) and expand; inputs beyond ±1 clip. */
    static float[] muLaw(float[] x) {
        float[] out = new float[x.length];
        double log1pMu = Math.log1p(MU);
        for (int i = 0; i < x.length; i++) {
            double v = Math.max(-1, Math.min(1, x[i]));
            double y = Math.signum(v) * Math.log1p(MU * Math.abs(v)) / log1pMu;
            double code = Math.rint((y + 1) / 2 * 255);
            double yq = code / 255 * 2 - 1;
            out[i] = (float) (Math.signum(yq) * Math.expm1(Math.abs(yq) * log1pMu) / MU);
        }
        return out;
    }
}
