package io.asrwb.engine.align;

import io.asrwb.engine.inference.TrainedModel;

/** Seconds per output frame of a trained model: its feature hop times its time stride. */
public final class FrameClock {

    private FrameClock() {}

    public static double secondsPerOutputFrame(TrainedModel model) {
        return model.shape().secondsPerOutputFrame();
    }
}
