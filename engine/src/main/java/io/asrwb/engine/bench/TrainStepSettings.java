package io.asrwb.engine.bench;

/**
 * What a training-step benchmark runs: a preset's model on random input of {@code batch} ×
 * {@code frames} frames, {@code warmup} unmeasured steps then {@code steps} measured ones; with
 * {@code perLayer}, then a per-layer forward/backward split.
 */
public record TrainStepSettings(
        String preset,
        int batch,
        int frames,
        int steps,
        int warmup,
        int threads,
        boolean perLayer) {

    public TrainStepSettings {
        if (batch < 1 || frames < 1 || steps < 1 || warmup < 0 || threads < 1) {
            throw new IllegalArgumentException(
                    "benchmark settings: batch, frames, steps and threads must be"
                            + " at least 1 and warmup at least 0 (got batch "
                            + batch
                            + ", frames "
                            + frames
                            + ", steps "
                            + steps
                            + ", warmup "
                            + warmup
                            + ", threads "
                            + threads
                            + ")");
        }
    }
}
