package io.asrwb.app.training;

import io.asrwb.engine.checkpoint.Checkpoint;

/**
 * A checkpoint of the selected run.
 *
 * @param wer validation WER at save, null when no evaluation ran at that step
 * @param best true for the checkpoint with the lowest WER of the run
 */
public record CheckpointRow(
        Checkpoint checkpoint, long step, Double wer, Double cer, boolean best) {}
