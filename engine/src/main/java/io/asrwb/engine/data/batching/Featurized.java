package io.asrwb.engine.data.batching;

import java.nio.file.Path;

/** The outcome of preparing one utterance: ready for a batch, or skipped with a reason. */
public sealed interface Featurized {

    String id();

    /**
     * @param frames          {@code [T][F]} after augmentation
     * @param labels          label ids 1..K-1
     * @param durationSeconds audio length fed to the features (after speed perturbation)
     */
    record Ready(String id, float[][] frames, int[] labels, double durationSeconds)
            implements Featurized {}

    /** Unusable data: the reason, with the file it came from. */
    record Skipped(String id, Path file, String reason) implements Featurized {}
}
