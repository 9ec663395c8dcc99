package io.asrwb.engine.bench;

import java.nio.file.Path;

/**
 * What a transcription benchmark runs: {@code seconds} of synthetic 16 kHz audio through a
 * preset's model (fresh weights: the time does not depend on their values) or a trained checkpoint
 * ({@code model}, null for the preset), {@code warmup} unmeasured calls then {@code runs} measured.
 */
public record TranscribeSettings(
        String preset, Path model, double seconds, int runs, int warmup, int threads) {

    public TranscribeSettings {
        if (!(seconds > 0) || runs < 1 || warmup < 0 || threads < 1) {
            throw new IllegalArgumentException(
                    "benchmark settings: seconds must be > 0, runs and threads at"
                            + " least 1 and warmup at least 0 (got seconds "
                            + seconds
                            + ", runs "
                            + runs
                            + ", warmup "
                            + warmup
                            + ", threads "
                            + threads
                            + ")");
        }
    }
}
