package io.asrwb.engine.train.schedule;

/**
 * Linear warm-up from {@code startFactor × peakLr} at step 0 to {@code peakLr} at step
 * {@code steps}; zero steps means no warm-up.
 */
public record Warmup(double peakLr, long steps, double startFactor) {

    public Warmup {
        if (!(peakLr > 0) || steps < 0 || !(startFactor >= 0 && startFactor <= 1)) {
            throw new IllegalArgumentException(
                    "warm-up needs peakLr > 0, steps ≥ 0 and startFactor in"
                            + " [0, 1], got "
                            + peakLr
                            + ", "
                            + steps
                            + ", "
                            + startFactor);
        }
    }

    /** True while {@code step} is still warming up. */
    public boolean covers(long step) {
        return step < steps;
    }

    /** The warm-up rate at {@code step} (only meaningful where {@link #covers} holds). */
    public double lr(long step) {
        double progress = (double) step / steps;
        return peakLr * (startFactor + (1 - startFactor) * progress);
    }
}
