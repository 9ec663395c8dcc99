package io.asrwb.engine.inference;

import io.asrwb.engine.audio.AudioFileException;
import io.asrwb.engine.audio.AudioFiles;
import io.asrwb.engine.audio.PcmAudio;
import io.asrwb.engine.audio.Resampler;
import io.asrwb.engine.config.FeatureConfig;
import io.asrwb.engine.data.batching.FrameFeatures;
import io.asrwb.engine.features.CausalNormaliser;
import io.asrwb.engine.features.FeatureExtractor;
import io.asrwb.engine.features.LogMelSpectrogram;
import io.asrwb.engine.features.LogSpectrogram;
import io.asrwb.engine.features.MelConfig;
import io.asrwb.engine.features.Mfcc;
import io.asrwb.engine.features.MfccConfig;
import io.asrwb.engine.features.Normalization;
import io.asrwb.engine.features.RunningCmvn;
import io.asrwb.engine.features.RunningMean;
import io.asrwb.engine.features.SpectrogramConfig;
import io.asrwb.engine.features.WindowKind;
import java.nio.file.Path;
import java.util.function.UnaryOperator;

/**
 * Audio file to the model's input frames as a run's {@link FeatureConfig} describes them; the same
 * for training, evaluation and transcription. Thread-safe.
 */
public final class SpeechFeatures {

    private static final double MFCC_TOP_DB = 80.0;

    private final FeatureConfig config;
    private final FeatureExtractor extractor;

    public SpeechFeatures(FeatureConfig config) {
        this.config = config;
        SpectrogramConfig spectrogram =
                new SpectrogramConfig(
                        config.sampleRate(),
                        config.windowSamples(),
                        config.windowSamples(),
                        config.hopSamples(),
                        config.window() == FeatureConfig.Window.HANN
                                ? WindowKind.HANN
                                : WindowKind.HAMMING,
                        true,
                        true);
        this.extractor =
                switch (config.kind()) {
                    case SPECTROGRAM -> new LogSpectrogram(spectrogram);
                    case LOGMEL -> new LogMelSpectrogram(spectrogram, MelConfig.of(config.nMels()));
                    case MFCC ->
                            new Mfcc(
                                    spectrogram,
                                    new MfccConfig(
                                            config.nMfcc(),
                                            MelConfig.of(config.nMels()),
                                            MFCC_TOP_DB));
                };
    }

    /** Values per frame. */
    public int featureCount() {
        return extractor.featureSize();
    }

    /** Seconds between frames. */
    public double frameSeconds() {
        return config.hopSamples() / (double) config.sampleRate();
    }

    /** Frames {@code [T][F]} of an audio file, decoded and resampled to the config's rate. */
    public float[][] ofFile(Path audio) throws AudioFileException {
        return ofAudio(AudioFiles.loadNative(audio));
    }

    /** Frames {@code [T][F]} of audio in memory (a recording), resampled to the config's rate. */
    public float[][] ofAudio(PcmAudio pcm) {
        float[] samples =
                pcm.sampleRate() == config.sampleRate()
                        ? pcm.samples()
                        : new Resampler(pcm.sampleRate(), config.sampleRate())
                                .process(pcm.samples());
        return ofSamples(samples);
    }

    /**
     * The loader's view of these features: 16 kHz samples ({@link AudioFiles#MODEL_RATE}, what the
     * loader decodes to) resampled to the config's rate when it differs, then framed.
     */
    public FrameFeatures fromModelRate() {
        UnaryOperator<float[]> toConfigRate = fromModelRateSamples();
        return samples -> ofSamples(toConfigRate.apply(samples));
    }

    /**
     * 16 kHz samples ({@link AudioFiles#MODEL_RATE}) to the config's rate: the samples themselves
     * when it is 16 kHz; one resampler, made here, otherwise. Thread-safe.
     */
    public UnaryOperator<float[]> fromModelRateSamples() {
        if (config.sampleRate() == AudioFiles.MODEL_RATE) {
            return UnaryOperator.identity();
        }
        return new Resampler(AudioFiles.MODEL_RATE, config.sampleRate())::process;
    }

    /** Frames {@code [T][F]} of samples at the config's rate. */
    public float[][] ofSamples(float[] samples) {
        float[][] frames = unnormalised(samples);
        return switch (config.normalisation()) {
            case PER_UTTERANCE -> Normalization.PER_BIN_CMVN.applyInPlace(frames);
            case RUNNING, RUNNING_CMVN -> causalNormaliser(config).applyInPlace(frames);
            case NONE -> frames;
        };
    }

    /** Frames of samples at the config's rate before normalisation. */
    public float[][] unnormalised(float[] samples) {
        return extractor.extract(samples);
    }

    /**
     * A fresh normaliser for one utterance of a causal {@code features.normalisation}.
     *
     * @throws IllegalArgumentException for per_utterance or none, or running_cmvn without the
     *     training set's statistics (features.global_stats)
     */
    public static CausalNormaliser causalNormaliser(FeatureConfig config) {
        return switch (config.normalisation()) {
            case RUNNING -> new RunningMean(RunningMean.WINDOW_FRAMES);
            case RUNNING_CMVN -> {
                if (config.globalStats().absent()) {
                    throw new IllegalArgumentException(
                            "features.normalisation is running_cmvn but features.global_stats is"
                                    + " empty: train fills it in from the training set; this"
                                    + " config was not trained");
                }
                yield new RunningCmvn(
                        RunningMean.WINDOW_FRAMES,
                        RunningCmvn.PRIOR_FRAMES,
                        config.globalStats().meanArray(),
                        config.globalStats().stddevArray());
            }
            case PER_UTTERANCE, NONE ->
                    throw new IllegalArgumentException(
                            "features.normalisation " + config.normalisation() + " is not causal");
        };
    }
}
