package io.asrwb.engine.train;

import io.asrwb.engine.config.TrainConfig;

/**
 * Stops a run when validation WER has not improved for {@code patience} evaluations in a row
 * (never with patience 0), and knows which evaluation was the best so far.
 */
final class EarlyStopping {

    private final int patience;
    private double bestWer = Double.POSITIVE_INFINITY;
    private long bestStep = -1;
    private int sinceBest;

    EarlyStopping(TrainConfig train) {
        this.patience = train.earlyStoppingPatience();
    }

    void record(long step, double wer) {
        if (Double.isFinite(wer) && wer < bestWer) {
            bestWer = wer;
            bestStep = step;
            sinceBest = 0;
        } else {
            sinceBest++;
        }
    }

    boolean bestAt(long step) {
        return bestStep == step;
    }

    boolean shouldStop() {
        return patience > 0 && sinceBest >= patience;
    }
}
