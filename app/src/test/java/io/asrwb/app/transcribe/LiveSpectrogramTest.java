package io.asrwb.app.transcribe;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The live picture puts a tone at the same height whatever the device's rate, chunk after chunk. */
class LiveSpectrogramTest {

    @ParameterizedTest(name = "{0} Hz")
    @ValueSource(ints = {16_000, 44_100, 48_000})
    void aOneKilohertzToneLightsTheRowOfOneKilohertz(int rate) {
        LiveSpectrogram live = new LiveSpectrogram();
        int chunk = rate / 20;
        for (int c = 0; c < 20; c++) { // one second in 50 ms chunks
            float[] samples = new float[chunk];
            for (int i = 0; i < chunk; i++) {
                samples[i] = (float) (0.5 * Math.sin(2 * Math.PI * 1000 * (c * chunk + i) / rate));
            }
            live.add(samples, rate);
        }
        LiveSpectrogramImage image = live.snapshot();

        int expectedRow = (int) Math.round((1 - 1000 / 8000.0) * LiveSpectrogram.HEIGHT - 0.5);
        for (int column : new int[] {image.width() - 1, image.width() - 50}) {
            assertThat(brightestRow(image, column))
                    .as("column " + column)
                    .isBetween(expectedRow - 2, expectedRow + 2);
        }
        assertThat(brightestRow(image, 0)).as("older than the tone: still blank").isEqualTo(-1);
    }

    /** The row with the highest green+red (the colour map brightens with level); -1 when all equal. */
    private static int brightestRow(LiveSpectrogramImage image, int column) {
        int best = -1;
        int bestValue = -1;
        boolean allEqual = true;
        int first = image.argb()[column];
        for (int row = 0; row < image.height(); row++) {
            int p = image.argb()[row * image.width() + column];
            allEqual &= p == first;
            int value = ((p >> 16) & 0xff) + ((p >> 8) & 0xff);
            if (value > bestValue) {
                bestValue = value;
                best = row;
            }
        }
        return allEqual ? -1 : best;
    }
}
