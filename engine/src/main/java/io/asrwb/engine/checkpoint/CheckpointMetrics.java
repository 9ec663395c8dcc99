package io.asrwb.engine.checkpoint;

/**
 * Metrics of the model when it was saved; a metric not measured at that step is {@code null}.
 *
 * @param loss training loss of the last step (or its running mean)
 * @param wer corpus word error rate on the validation set
 * @param cer corpus character error rate on the validation set
 */
public record CheckpointMetrics(Double loss, Double wer, Double cer) {

    /** Nothing measured. */
    public static CheckpointMetrics none() {
        return new CheckpointMetrics(null, null, null);
    }
}
