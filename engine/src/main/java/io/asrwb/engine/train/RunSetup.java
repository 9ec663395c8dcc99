package io.asrwb.engine.train;

import io.asrwb.engine.config.RunConfig;
import io.asrwb.engine.model.ModelSpec;

/**
 * What a run derives from its config before it trains, computed once per run and handed to every
 * part that needs it (the launcher's checks, the trainer, the featurizers, the resume's identity
 * check) instead of each computing its own.
 *
 * @param devices how the run uses this process's devices
 * @param features the run's audio-to-frames function
 * @param spec the architecture the config describes for these features and the alphabet
 */
public record RunSetup(DevicePlan devices, SpeechFeatures features, ModelSpec spec) {

    /**
     * The setup of {@code config} on this process's backend.
     *
     * @throws RunLaunchException when the config asks for devices this process does not have
     */
    public static RunSetup of(RunConfig config, RunAlphabet alphabet) {
        return of(config, alphabet, DevicePlan.forLoadedBackend(config.train()));
    }

    static RunSetup of(RunConfig config, RunAlphabet alphabet, DevicePlan devices) {
        SpeechFeatures features = new SpeechFeatures(config.features());
        return new RunSetup(
                devices,
                features,
                SpeechModels.spec(config.model(), features.featureCount(), alphabet.size()));
    }

    /** Seconds of audio per output frame of the model (the greedy decoder's time stamps). */
    double outputFrameSeconds() {
        int frames = 10_000;
        return features.frameSeconds() * frames / Math.max(1, spec.outputFrames(frames));
    }
}
