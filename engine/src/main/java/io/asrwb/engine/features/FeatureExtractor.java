package io.asrwb.engine.features;

/**
 * Turns 16 kHz mono samples into a feature matrix. Implementations are immutable, precompute
 * everything per config in their constructor, and may be shared between threads.
 */
public sealed interface FeatureExtractor permits LogSpectrogram, LogMelSpectrogram, Mfcc {

    /**
     * Features of one utterance.
     *
     * @param samples mono samples at the config's sample rate, nominally in [−1, 1]
     * @return a fresh {@code float[frames][featureSize()]}, time-major; frames as
     *     {@link SpectrogramConfig#frameCount(int)}
     */
    float[][] extract(float[] samples);

    /** Values per frame (bins, mel bands or coefficients). */
    int featureSize();

    /** The framing and window the features are computed with. */
    SpectrogramConfig spectrogramConfig();
}
