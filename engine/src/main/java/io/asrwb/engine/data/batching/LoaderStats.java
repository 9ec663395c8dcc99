package io.asrwb.engine.data.batching;

/**
 * What a loader has delivered so far.
 *
 * @param batches      batches handed to the consumer
 * @param utterances   utterances in them
 * @param audioSeconds audio in them
 * @param skipped      utterances reported unusable
 * @param waitNanos    time the consumer spent blocked waiting for a batch: near zero when the
 *                     loader keeps up with the trainer
 */
public record LoaderStats(
        long batches, long utterances, double audioSeconds, long skipped, long waitNanos) {}
