package io.asrwb.engine.features;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * Compares every extractor with torch.stft / torchaudio 0.13 outputs on a 1 s chirp + sines +
 * noise signal (features/golden/make_golden.py, references computed in float64).
 *
 * <p>Tolerance: max absolute error ≤ 1e-4 on log-spectrogram, normalised and natural-log mel
 * values; ≤ 1e-3 on MFCCs, which are dB values (10·log10, ≈4.3× the natural log) summed over
 * 40 bands. Both are far below anything a model could notice, and far above float32 rounding.
 */
class GoldenFeaturesTest {

    private static final double LOG_TOLERANCE = 1e-4;
    private static final double MFCC_TOLERANCE = 1e-3;
    private static final SpectrogramConfig DEEPSPEECH = SpectrogramConfig.deepSpeech();

    @Test
    void logSpectrogramMatchesTorchStft() {
        float[][] expected = GoldenMatrix.read("log_spectrogram.f32");
        float[][] actual = LogSpectrogram.deepSpeech().extract(GoldenMatrix.input());

        assertThat(expected).hasNumberOfRows(101);
        assertThat(expected[0]).hasSize(161);
        assertThat(GoldenMatrix.maxAbsDifference(actual, expected))
                .isLessThanOrEqualTo(LOG_TOLERANCE);
    }

    @Test
    void globalNormalisationMatchesDeepSpeech() {
        float[][] expected = GoldenMatrix.read("log_spectrogram_global_norm.f32");
        float[][] actual =
                Normalization.GLOBAL_MEAN_STD.applyInPlace(
                        LogSpectrogram.deepSpeech().extract(GoldenMatrix.input()));

        assertThat(GoldenMatrix.maxAbsDifference(actual, expected))
                .isLessThanOrEqualTo(LOG_TOLERANCE);
    }

    @Test
    void logMelSlaneyMatchesTorchaudio() {
        float[][] expected = GoldenMatrix.read("log_mel_slaney_slaney_80.f32");
        float[][] actual =
                new LogMelSpectrogram(DEEPSPEECH, MelConfig.of(80)).extract(GoldenMatrix.input());

        assertThat(GoldenMatrix.maxAbsDifference(actual, expected))
                .isLessThanOrEqualTo(LOG_TOLERANCE);
    }

    @Test
    void logMelHtkWithoutNormMatchesTorchaudio() {
        float[][] expected = GoldenMatrix.read("log_mel_htk_none_40.f32");
        MelConfig htk = MelConfig.of(40).withScale(MelScale.HTK, MelNorm.NONE);
        float[][] actual = new LogMelSpectrogram(DEEPSPEECH, htk).extract(GoldenMatrix.input());

        assertThat(GoldenMatrix.maxAbsDifference(actual, expected))
                .isLessThanOrEqualTo(LOG_TOLERANCE);
    }

    @Test
    void mfccSlaneyMatchesTorchaudio() {
        float[][] expected = GoldenMatrix.read("mfcc_slaney_slaney_40_13.f32");
        float[][] actual =
                new Mfcc(DEEPSPEECH, MfccConfig.defaults()).extract(GoldenMatrix.input());

        assertThat(GoldenMatrix.maxAbsDifference(actual, expected))
                .isLessThanOrEqualTo(MFCC_TOLERANCE);
    }

    @Test
    void mfccHtkAllCoefficientsMatchTorchaudio() {
        float[][] expected = GoldenMatrix.read("mfcc_htk_none_40_40.f32");
        MfccConfig config =
                new MfccConfig(40, MelConfig.of(40).withScale(MelScale.HTK, MelNorm.NONE), 80.0);
        float[][] actual = new Mfcc(DEEPSPEECH, config).extract(GoldenMatrix.input());

        assertThat(GoldenMatrix.maxAbsDifference(actual, expected))
                .isLessThanOrEqualTo(MFCC_TOLERANCE);
    }

    @Test
    void mfccTopDbClampMatchesTorchaudioOnLeadingSilence() {
        float[][] expected = GoldenMatrix.read("mfcc_slaney_slaney_40_13_silence_start.f32");
        float[] silenced = GoldenMatrix.input();
        Arrays.fill(silenced, 0, 4000, 0f);
        Mfcc clamped = new Mfcc(DEEPSPEECH, MfccConfig.defaults());
        Mfcc unclamped =
                new Mfcc(
                        DEEPSPEECH, new MfccConfig(13, MelConfig.of(40), Double.POSITIVE_INFINITY));

        assertThat(GoldenMatrix.maxAbsDifference(clamped.extract(silenced), expected))
                .isLessThanOrEqualTo(MFCC_TOLERANCE);
        // the case really exercises top_db: without the clamp the silent frames differ
        assertThat(GoldenMatrix.maxAbsDifference(unclamped.extract(silenced), expected))
                .isGreaterThan(1.0);
    }
}
