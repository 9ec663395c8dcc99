package io.asrwb.engine.train.schedule;

/** Warm-up, then the peak rate for the rest of the run. */
public record ConstantSchedule(Warmup warmup) implements LearningRateSchedule {

    @Override
    public double lr(long step) {
        LearningRateSchedule.requireStep(step);
        return warmup.covers(step) ? warmup.lr(step) : warmup.peakLr();
    }
}
