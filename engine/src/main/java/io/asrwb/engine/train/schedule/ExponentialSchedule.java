package io.asrwb.engine.train.schedule;

/**
 * Warm-up, then the peak multiplied by {@code gamma} once every {@code everySteps} steps (1: per
 * step; the steps of an epoch: per epoch, as deepspeech.pytorch anneals), never below
 * {@code minLr}.
 */
public record ExponentialSchedule(Warmup warmup, double gamma, long everySteps, double minLr)
        implements LearningRateSchedule {

    public ExponentialSchedule {
        if (!(gamma > 0 && gamma <= 1) || everySteps < 1 || minLr < 0) {
            throw new IllegalArgumentException(
                    "exponential schedule needs 0 < gamma ≤ 1, everySteps ≥"
                            + " 1 and minLr ≥ 0, got "
                            + gamma
                            + ", "
                            + everySteps
                            + ", "
                            + minLr);
        }
    }

    @Override
    public double lr(long step) {
        LearningRateSchedule.requireStep(step);
        if (warmup.covers(step)) {
            return warmup.lr(step);
        }
        long decays = (step - warmup.steps()) / everySteps;
        return Math.max(minLr, warmup.peakLr() * Math.pow(gamma, (double) decays));
    }
}
