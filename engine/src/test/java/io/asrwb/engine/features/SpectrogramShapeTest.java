package io.asrwb.engine.features;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Frame counts, bin counts, padding and the location of a pure tone's peak. */
class SpectrogramShapeTest {

    private static final SpectrogramConfig DEEPSPEECH = SpectrogramConfig.deepSpeech();

    @Test
    void deepSpeechDefaultsAre20msWindow10msHop161Bins() {
        assertThat(DEEPSPEECH.nFft()).isEqualTo(320);
        assertThat(DEEPSPEECH.winLength()).isEqualTo(320);
        assertThat(DEEPSPEECH.hopLength()).isEqualTo(160);
        assertThat(DEEPSPEECH.window()).isEqualTo(WindowKind.HAMMING);
        assertThat(DEEPSPEECH.periodicWindow()).isTrue();
        assertThat(DEEPSPEECH.bins()).isEqualTo(161);
    }

    // centred: 1 + samples / hop (librosa/torch center=True); 1 s + 37 samples is the golden input
    @ParameterizedTest(name = "{0} samples -> {1} frames")
    @CsvSource({
        "0, 0",
        "1, 1",
        "100, 1",
        "159, 1",
        "160, 2",
        "16000, 101",
        "16037, 101",
        "64000, 401"
    })
    void centredFrameCountIsOnePlusSamplesOverHop(int samples, int frames) {
        assertThat(DEEPSPEECH.frameCount(samples)).isEqualTo(frames);

        float[][] spectrogram = LogSpectrogram.deepSpeech().extract(new float[samples]);
        float[][] mel =
                new LogMelSpectrogram(DEEPSPEECH, MelConfig.of(64)).extract(new float[samples]);
        float[][] mfcc = new Mfcc(DEEPSPEECH, MfccConfig.defaults()).extract(new float[samples]);

        assertThat(spectrogram).hasNumberOfRows(frames);
        assertThat(mel).hasNumberOfRows(frames);
        assertThat(mfcc).hasNumberOfRows(frames);
        if (frames > 0) {
            assertThat(spectrogram[0]).hasSize(161);
            assertThat(mel[0]).hasSize(64);
            assertThat(mfcc[0]).hasSize(13);
        }
    }

    @ParameterizedTest(name = "{0} samples -> {1} frames")
    @CsvSource({"319, 0", "320, 1", "479, 1", "480, 2", "16000, 99"})
    void uncentredFrameCountCountsWholeFrames(int samples, int frames) {
        SpectrogramConfig uncentred =
                new SpectrogramConfig(16_000, 320, 320, 160, WindowKind.HAMMING, true, false);

        assertThat(uncentred.frameCount(samples)).isEqualTo(frames);
        assertThat(new LogSpectrogram(uncentred).extract(new float[samples]))
                .hasNumberOfRows(frames);
    }

    @Test
    void reflectPaddingFoldsLikeNumpyWhenThePadIsLongerThanTheSignal() {
        // np.pad([1,2,3], 5, 'reflect'), np.pad([7], 3, 'reflect'), np.pad([1,2,3,4], 2, 'reflect')
        assertThat(Stft.reflectPad(new float[] {1, 2, 3}, 5))
                .containsExactly(2, 1, 2, 3, 2, 1, 2, 3, 2, 1, 2, 3, 2);
        assertThat(Stft.reflectPad(new float[] {7}, 3)).containsExactly(7, 7, 7, 7, 7, 7, 7);
        assertThat(Stft.reflectPad(new float[] {1, 2, 3, 4}, 2))
                .containsExactly(3, 2, 1, 2, 3, 4, 3, 2);
    }

    @ParameterizedTest(name = "{0} Hz peaks in bin {1}")
    @CsvSource({"1000, 20", "3210, 64", "440, 9", "7500, 150"})
    void pureSinePeaksInItsBin(double hz, int bin) {
        float[] sine = new float[16_000];
        for (int i = 0; i < sine.length; i++) {
            sine[i] = (float) (0.5 * Math.sin(2 * Math.PI * hz * i / 16_000));
        }

        float[][] spectrogram = LogSpectrogram.deepSpeech().extract(sine);

        for (int f = 2; f < spectrogram.length - 2; f++) { // edge frames see reflected audio
            assertThat(argMax(spectrogram[f])).as("frame %d", f).isEqualTo(bin);
        }
    }

    @Test
    void silenceGivesZeroLogSpectrum() {
        float[][] spectrogram = LogSpectrogram.deepSpeech().extract(new float[1600]);

        for (float[] frame : spectrogram) {
            assertThat(frame).containsOnly(0f);
        }
    }

    @Test
    void invalidConfigsAreRejectedWithTheFieldNamed() {
        assertThatThrownBy(
                        () ->
                                new SpectrogramConfig(
                                        16_000, 320, 400, 160, WindowKind.HAMMING, true, true))
                .hasMessageContaining("winLength");
        assertThatThrownBy(
                        () ->
                                new SpectrogramConfig(
                                        16_000, 320, 320, 0, WindowKind.HAMMING, true, true))
                .hasMessageContaining("hopLength");
        assertThatThrownBy(() -> new MfccConfig(41, MelConfig.of(40), 80))
                .hasMessageContaining("nMfcc");
        assertThatThrownBy(() -> new MelConfig(80, 0, 8000, MelScale.HTK, MelNorm.NONE, 0))
                .hasMessageContaining("logFloor");
    }

    @Test
    void shorterWindowIsCentredInTheFftFrame() {
        // 25 ms window in a 512-point FFT: only the window's 400 samples may contribute, so an
        // impulse 100 samples from the frame centre is seen, one 201 samples away is not.
        SpectrogramConfig config =
                new SpectrogramConfig(16_000, 512, 400, 160, WindowKind.HANN, true, true);
        float[] inside = new float[3200];
        inside[1600 + 100] = 1f;
        float[] outside = new float[3200];
        outside[1600 + 201] = 1f;
        LogSpectrogram spectrogram = new LogSpectrogram(config);

        assertThat(spectrogram.extract(inside)[10][0]).isGreaterThan(0f);
        assertThat(spectrogram.extract(outside)[10]).containsOnly(0f);
    }

    private static int argMax(float[] values) {
        int best = 0;
        for (int i = 1; i < values.length; i++) {
            if (values[i] > values[best]) {
                best = i;
            }
        }
        return best;
    }
}
