package io.asrwb.engine.train;

/**
 * Where a run stands: steps done, the epoch and plan index of the next batch, the last finite
 * training loss. A checkpoint saves it; a resume puts it back ({@link ResumePlan}). Mutated by the
 * training thread only.
 */
final class RunProgress {

    long step;
    int epoch;
    int batchInEpoch;
    double lastLoss = Double.NaN;

    RunProgress(long step, int epoch, int batchInEpoch) {
        this.step = step;
        this.epoch = epoch;
        this.batchInEpoch = batchInEpoch;
    }

    static RunProgress atStart() {
        return new RunProgress(0, 0, 0);
    }
}
