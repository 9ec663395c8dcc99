package io.asrwb.engine.config;

/** Optimiser, its hyperparameters, gradient clipping and the learning-rate schedule. */
public record OptimConfig(
        @Describe("Optimiser: Adam, AdamW (decoupled weight decay) or SGD with Nesterov momentum")
                Optimizer optimizer,
        @Describe("Peak learning rate, reached at the end of warm-up")
                @Range(min = 0, max = 10, minExclusive = true)
                double lr,
        @Describe("Adam/AdamW β1 (first-moment decay)") @Range(min = 0, max = 1) double beta1,
        @Describe("Adam/AdamW β2 (second-moment decay)") @Range(min = 0, max = 1) double beta2,
        @Describe("Adam/AdamW ε added to the denominator") @Range(min = 0, minExclusive = true)
                double epsilon,
        @Describe("SGD momentum (Nesterov)") @Range(min = 0, max = 1) double momentum,
        @Describe("Weight decay (L2 for Adam and SGD, decoupled for AdamW)") @Range(min = 0)
                double weightDecay,
        @Describe("Clip the global gradient norm to this (0: no clipping)") @Range(min = 0)
                double gradClipNorm,
        @Describe("Learning-rate schedule") LrScheduleConfig schedule) {

    /** Update rule. */
    public enum Optimizer {
        ADAM,
        ADAMW,
        SGD_NESTEROV
    }

    public static OptimConfig defaults() {
        return new OptimConfig(
                Optimizer.ADAM, 1e-3, 0.9, 0.999, 1e-8, 0.9, 0.0, 400, LrScheduleConfig.defaults());
    }
}
