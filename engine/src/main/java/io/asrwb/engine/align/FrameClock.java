package io.asrwb.engine.align;

import io.asrwb.engine.train.SpeechFeatures;
import io.asrwb.engine.train.SpeechModels;
import io.asrwb.engine.train.TrainedModel;

/** Seconds per output frame of a trained model: its feature hop times its time stride. */
public final class FrameClock {

    private FrameClock() {}

    public static double secondsPerOutputFrame(TrainedModel model) {
        SpeechFeatures features = new SpeechFeatures(model.config().features());
        // the stride read off a long input, where padding at the ends no longer shows
        int inputFrames = 30_000;
        int outputFrames =
                SpeechModels.spec(
                                model.config().model(),
                                features.featureCount(),
                                model.alphabet().size())
                        .outputFrames(inputFrames);
        return features.frameSeconds() * inputFrames / Math.max(1, outputFrames);
    }
}
