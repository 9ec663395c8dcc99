package io.asrwb.engine.config;

/**
 * Learning rate as a function of the step: linear warm-up to {@code optim.lr}, then an anneal.
 * See {@code io.asrwb.engine.train.schedule.LearningRateSchedule} for the formulas.
 */
public record LrScheduleConfig(
        @Describe("Anneal after warm-up: cosine to min_lr, exponential by gamma, or constant")
                Anneal anneal,
        @Describe("Steps of linear warm-up from warmup_start_factor × lr to lr (0: none)")
                @Range(min = 0)
                long warmupSteps,
        @Describe("Fraction of lr the warm-up starts from (0: from zero)") @Range(min = 0, max = 1)
                double warmupStartFactor,
        @Describe("Floor of the anneal: cosine ends here, exponential never goes below")
                @Range(min = 0)
                double minLr,
        @Describe("Exponential anneal: lr is multiplied by this every decay period")
                @Range(min = 0, max = 1, minExclusive = true)
                double gamma,
        @Describe("Exponential anneal period: every step or every epoch") DecayPeriod decayEvery) {

    /** Shape of the anneal after warm-up. */
    public enum Anneal {
        COSINE,
        EXPONENTIAL,
        CONSTANT
    }

    /** How often an exponential anneal multiplies by gamma. */
    public enum DecayPeriod {
        STEP,
        EPOCH
    }

    public static LrScheduleConfig defaults() {
        return new LrScheduleConfig(Anneal.COSINE, 100, 0.0, 1e-5, 0.99, DecayPeriod.EPOCH);
    }
}
