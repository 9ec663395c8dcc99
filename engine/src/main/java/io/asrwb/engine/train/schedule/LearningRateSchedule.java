package io.asrwb.engine.train.schedule;

import io.asrwb.engine.config.LrScheduleConfig;
import io.asrwb.engine.config.OptimConfig;

/**
 * The learning rate as a pure function of the step (the number of updates already applied):
 * no state, so a run resumed at step N uses exactly the rate the uninterrupted run would have.
 */
public sealed interface LearningRateSchedule
        permits CosineSchedule, ExponentialSchedule, ConstantSchedule {

    /** The rate for the update at {@code step} (≥ 0). */
    double lr(long step);

    /**
     * The schedule a config describes.
     *
     * @param totalSteps    steps in the whole run (cosine reaches min_lr here; train.max_steps, or
     *                      epochs × steps per epoch)
     * @param stepsPerEpoch steps in one epoch (the period of a per-epoch exponential decay)
     */
    static LearningRateSchedule of(OptimConfig optim, long totalSteps, long stepsPerEpoch) {
        LrScheduleConfig s = optim.schedule();
        Warmup warmup = new Warmup(optim.lr(), s.warmupSteps(), s.warmupStartFactor());
        return switch (s.anneal()) {
            // a run shorter than its warm-up (a tiny dataset) ends at the floor rather than failing
            case COSINE ->
                    new CosineSchedule(warmup, Math.max(totalSteps, s.warmupSteps()), s.minLr());
            case EXPONENTIAL ->
                    new ExponentialSchedule(
                            warmup,
                            s.gamma(),
                            s.decayEvery() == LrScheduleConfig.DecayPeriod.EPOCH
                                    ? stepsPerEpoch
                                    : 1,
                            s.minLr());
            case CONSTANT -> new ConstantSchedule(warmup);
        };
    }

    static void requireStep(long step) {
        if (step < 0) {
            throw new IllegalArgumentException("step must be ≥ 0, got " + step);
        }
    }
}
