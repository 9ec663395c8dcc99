package io.asrwb.app.spectrogram;

import io.asrwb.engine.audio.PcmAudio;
import io.asrwb.engine.features.FeatureExtractor;
import io.asrwb.engine.features.LogMelSpectrogram;
import io.asrwb.engine.features.LogSpectrogram;
import io.asrwb.engine.features.MelConfig;
import io.asrwb.engine.features.SpectrogramConfig;
import java.util.Locale;

/**
 * The viewer's features: the DS2 framing (20 ms periodic Hamming, 10 ms hop), a linear or 64-band
 * log-mel scale, and the frequency axis of each. Another track over the spectrogram (pitch) would
 * be computed at this framing so its frames line up.
 */
public final class SpectrogramFeatures {

    /** Same framing as the DS2 features: 20 ms periodic Hamming, 10 ms hop. */
    static final SpectrogramConfig FRAMING = SpectrogramConfig.deepSpeech();

    static final MelConfig MEL = MelConfig.of(64);

    private SpectrogramFeatures() {}

    /** The whole clip's features at the viewer's framing; {@code pcm} must be at 16 kHz. */
    public static FeatureMatrix compute(PcmAudio pcm, SpectrogramScale wanted) {
        float[][] frames = ParallelFeatures.extract(extractor(wanted), pcm.samples());
        return new FeatureMatrix(frames, wanted, FRAMING, axis(wanted), pcm.durationSeconds());
    }

    static FeatureExtractor extractor(SpectrogramScale s) {
        return s == SpectrogramScale.LOG_MEL
                ? new LogMelSpectrogram(FRAMING, MEL)
                : new LogSpectrogram(FRAMING);
    }

    static FrequencyAxis axis(SpectrogramScale s) {
        double nyquist = FRAMING.sampleRate() / 2.0;
        return s == SpectrogramScale.LOG_MEL
                ? FrequencyAxis.mel(
                        MEL.nMels(), MEL.scale(), MEL.fMinHz(), Math.min(MEL.fMaxHz(), nyquist))
                : FrequencyAxis.linear(FRAMING.bins(), nyquist);
    }

    /** Window, hop and rows in words, e.g. "window 20 ms · hop 10 ms · 161 bins". */
    static String describe(SpectrogramScale s) {
        double ms = 1000.0 / FRAMING.sampleRate();
        String rows =
                s == SpectrogramScale.LINEAR
                        ? FRAMING.bins() + " bins"
                        : MEL.nMels() + " mel bands";
        return String.format(
                Locale.ROOT,
                "window %.0f ms · hop %.0f ms · %s",
                FRAMING.winLength() * ms,
                FRAMING.hopLength() * ms,
                rows);
    }
}
