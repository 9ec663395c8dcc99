package io.asrwb.app.spectrogram;

import io.asrwb.engine.features.SpectrogramConfig;

/**
 * A whole file's features as the viewer keeps them, time-major, in the extractor's own units
 * ({@code ln(1 + |X|)} for linear, {@code ln(power)} for log-mel); never modified once built.
 *
 * @param frames   {@code float[frame][row]}
 * @param seconds  duration of the audio
 */
public record FeatureMatrix(
        float[][] frames,
        SpectrogramScale scale,
        SpectrogramConfig framing,
        FrequencyAxis axis,
        double seconds) {

    public int frameCount() {
        return frames.length;
    }

    public int rows() {
        return axis.rows();
    }

    /** Seconds between frame starts. */
    public double hopSeconds() {
        return (double) framing.hopLength() / framing.sampleRate();
    }

    /** Decibels of one stored value: 20·log10 magnitude (linear) or 10·log10 power (log-mel). */
    public double decibels(float value) {
        if (scale == SpectrogramScale.LINEAR) {
            double magnitude = Math.expm1(value);
            return 20.0 * Math.log10(Math.max(magnitude, 1e-10));
        }
        return 10.0 / Math.log(10.0) * value;
    }
}
