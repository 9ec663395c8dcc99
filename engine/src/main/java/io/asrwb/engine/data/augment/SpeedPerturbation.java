package io.asrwb.engine.data.augment;

import io.asrwb.engine.audio.Resampler;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Plays a 16 kHz signal faster or slower (pitch moves with it, as in Kaldi's speed perturbation)
 * by resampling it as if it had been recorded at {@code factor × 16 kHz}.
 *
 * <p>The factor is rounded to a multiple of {@link #RATE_STEP} Hz of the pretended rate (0.5 %
 * steps): the ratio then stays a small fraction, so each of the few dozen resamplers in play has an
 * exact polyphase table and is built once and shared.
 */
public final class SpeedPerturbation {

    /** Grid of the pretended input rate, in Hz. */
    public static final int RATE_STEP = 80;

    private final int rate;
    private final Map<Integer, Resampler> resamplers = new ConcurrentHashMap<>();

    public SpeedPerturbation(int rate) {
        this.rate = rate;
    }

    /** The factor actually applied for a requested one (rounded to the rate grid). */
    public double effectiveFactor(double factor) {
        return pretendedRate(factor) / (double) rate;
    }

    /** About {@code n / factor} samples: factor > 1 is faster and shorter. */
    public float[] apply(float[] samples, double factor) {
        if (!(factor > 0)) {
            throw new IllegalArgumentException("speed factor must be > 0, got " + factor);
        }
        int from = pretendedRate(factor);
        if (from == rate) {
            return samples.clone();
        }
        return resamplers.computeIfAbsent(from, r -> new Resampler(r, rate)).process(samples);
    }

    private int pretendedRate(double factor) {
        return (int) Math.max(RATE_STEP, Math.round(factor * rate / RATE_STEP) * RATE_STEP);
    }
}
