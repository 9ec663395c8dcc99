package io.asrwb.engine.train.schedule;

/**
 * Warm-up, then half a cosine from the peak down to {@code minLr}, reached at
 * {@code totalSteps} and held after it.
 */
public record CosineSchedule(Warmup warmup, long totalSteps, double minLr)
        implements LearningRateSchedule {

    public CosineSchedule {
        if (minLr < 0 || minLr > warmup.peakLr() || totalSteps < warmup.steps()) {
            throw new IllegalArgumentException(
                    "cosine schedule needs 0 ≤ minLr ≤ lr and totalSteps ≥"
                            + " warm-up steps, got minLr "
                            + minLr
                            + ", totalSteps "
                            + totalSteps);
        }
    }

    @Override
    public double lr(long step) {
        LearningRateSchedule.requireStep(step);
        if (warmup.covers(step)) {
            return warmup.lr(step);
        }
        long annealSteps = totalSteps - warmup.steps();
        if (annealSteps == 0) {
            return minLr;
        }
        double progress = Math.min(1.0, (double) (step - warmup.steps()) / annealSteps);
        return minLr + (warmup.peakLr() - minLr) * 0.5 * (1 + Math.cos(Math.PI * progress));
    }
}
