package io.asrwb.engine.train;

import io.asrwb.engine.config.RunConfig;
import io.asrwb.engine.inference.ModelShape;
import io.asrwb.engine.inference.RunAlphabet;
import io.asrwb.engine.inference.SpeechFeatures;
import io.asrwb.engine.model.ModelSpec;

/**
 * What a run derives from its config before it trains, computed once per run and handed to every
 * part that needs it (the launcher's checks, the trainer, the featurizers, the resume's identity
 * check) instead of each computing its own.
 *
 * @param devices how the run uses this process's devices
 * @param shape the run's audio-to-frames function, architecture and output frame rate
 */
public record RunSetup(DevicePlan devices, ModelShape shape) {

    /**
     * The setup of {@code config} on this process's backend.
     *
     * @throws RunLaunchException when the config asks for devices this process does not have
     */
    public static RunSetup of(RunConfig config, RunAlphabet alphabet) {
        return of(config, alphabet, DevicePlan.forLoadedBackend(config.train()));
    }

    static RunSetup of(RunConfig config, RunAlphabet alphabet, DevicePlan devices) {
        return new RunSetup(devices, ModelShape.of(config, alphabet));
    }

    /** The run's audio-to-frames function. */
    public SpeechFeatures features() {
        return shape.features();
    }

    /** The architecture the config describes for these features and the alphabet. */
    public ModelSpec spec() {
        return shape.spec();
    }

    /** Seconds of audio per output frame of the model (the greedy decoder's time stamps). */
    double outputFrameSeconds() {
        return shape.secondsPerOutputFrame();
    }
}
