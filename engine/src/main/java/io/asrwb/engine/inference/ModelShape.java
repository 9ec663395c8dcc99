package io.asrwb.engine.inference;

import io.asrwb.engine.config.RunConfig;
import io.asrwb.engine.model.ModelSpec;
import java.util.Objects;

/**
 * What a model's config and alphabet fix about it, derived once: how audio becomes its input
 * frames, the architecture, and how many seconds of audio each output frame stands for. Training
 * ({@code RunSetup}) and every user of a trained model ({@link TrainedModel#shape()}) take these
 * from here, so time stamps from decoding, alignment and an ONNX export agree.
 *
 * @param features the audio-to-frames function
 * @param spec the architecture for these features and the alphabet
 * @param secondsPerOutputFrame feature hop times the model's time stride
 */
public record ModelShape(SpeechFeatures features, ModelSpec spec, double secondsPerOutputFrame) {

    public ModelShape {
        Objects.requireNonNull(features, "features");
        Objects.requireNonNull(spec, "spec");
        if (!(secondsPerOutputFrame > 0)) {
            throw new IllegalArgumentException(
                    "seconds per output frame must be > 0, got " + secondsPerOutputFrame);
        }
    }

    /** The shape {@code config} describes for {@code alphabet}. */
    public static ModelShape of(RunConfig config, RunAlphabet alphabet) {
        SpeechFeatures features = new SpeechFeatures(config.features());
        ModelSpec spec = ModelSpecs.of(config.model(), features.featureCount(), alphabet.size());
        return new ModelShape(features, spec, features.frameSeconds() * spec.timeStride());
    }
}
