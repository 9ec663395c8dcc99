package io.asrwb.engine.config;

/** How audio becomes the model's input frames. */
public record FeatureConfig(
        @Describe("Input features: linear spectrogram, log-mel filterbank or MFCC") Kind kind,
        @Describe("Audio is resampled to this rate before features (Hz)")
                @Range(min = 4000, max = 96000)
                int sampleRate,
        @Describe("Analysis window length (ms)") @Range(min = 1, max = 200) double windowMs,
        @Describe("Hop between frames (ms)") @Range(min = 1, max = 100) double hopMs,
        @Describe("Window function applied before the FFT") Window window,
        @Describe("Mel bands of log-mel features (also the filterbank under MFCC)")
                @Range(min = 1, max = 512)
                int nMels,
        @Describe("Cepstral coefficients kept for MFCC features") @Range(min = 1, max = 128)
                int nMfcc,
        @Describe(
                        "Feature normalisation: zero mean, unit variance per utterance; for"
                                + " streaming models, causally over the last 6 s: the mean"
                                + " (running), or mean and variance starting from the training"
                                + " set's (running_cmvn); or none")
                Normalisation normalisation,
        @Describe(
                        "The training set's feature statistics, running_cmvn's start (train fills"
                                + " them in)")
                FeatureStats globalStats) {

    public FeatureConfig {
        globalStats = globalStats == null ? FeatureStats.none() : globalStats;
    }

    /** Feature family. */
    public enum Kind {
        SPECTROGRAM,
        LOGMEL,
        MFCC
    }

    /** Window function. */
    public enum Window {
        HAMMING,
        HANN
    }

    /** Per-feature normalisation. */
    public enum Normalisation {
        PER_UTTERANCE,
        RUNNING,
        RUNNING_CMVN,
        NONE
    }

    public static FeatureConfig defaults() {
        return new FeatureConfig(
                Kind.SPECTROGRAM,
                16000,
                20,
                10,
                Window.HAMMING,
                40,
                13,
                Normalisation.PER_UTTERANCE,
                FeatureStats.none());
    }

    /** The same features starting {@code running_cmvn} from {@code stats}. */
    public FeatureConfig withGlobalStats(FeatureStats stats) {
        return new FeatureConfig(
                kind, sampleRate, windowMs, hopMs, window, nMels, nMfcc, normalisation, stats);
    }

    /** Samples in one analysis window (also the FFT size: no zero padding). */
    public int windowSamples() {
        return (int) Math.round(sampleRate * windowMs / 1000.0);
    }

    /** Samples between frame starts. */
    public int hopSamples() {
        return (int) Math.round(sampleRate * hopMs / 1000.0);
    }

    /** Values per frame: FFT bins (161 for 20 ms at 16 kHz), mel bands or cepstra. */
    public int featureCount() {
        return switch (kind) {
            case SPECTROGRAM -> windowSamples() / 2 + 1;
            case LOGMEL -> nMels;
            case MFCC -> nMfcc;
        };
    }
}
