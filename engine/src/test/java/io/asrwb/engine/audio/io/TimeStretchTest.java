package io.asrwb.engine.audio.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.asrwb.engine.audio.PcmAudio;
import io.asrwb.engine.features.LogSpectrogram;
import io.asrwb.engine.features.SpectrogramConfig;
import io.asrwb.engine.features.WindowKind;
import org.junit.jupiter.api.Test;

class TimeStretchTest {

    private static final int RATE = 16_000;

    @Test
    void halfSpeedDoublesTheLengthAndKeepsThePitch() {
        PcmAudio tone = tone(440, 1.0);
        PcmAudio slow = TimeStretch.atSpeed(tone, 0.5);
        assertThat(slow.sampleRate()).isEqualTo(RATE);
        assertThat(slow.durationSeconds()).isCloseTo(2.0, within(0.05));
        assertThat(dominantHz(slow.samples())).isCloseTo(440.0, within(2.0));
        // Not silence: WSOLA's overlap-add of a steady tone keeps its level.
        assertThat(rms(slow.samples(), RATE / 4, RATE * 7 / 4)).isGreaterThan(0.3);
    }

    @Test
    void threeQuarterSpeedLastsFourThirds() {
        PcmAudio slow = TimeStretch.atSpeed(tone(300, 1.2), 0.75);
        assertThat(slow.durationSeconds()).isCloseTo(1.6, within(0.05));
        assertThat(dominantHz(slow.samples())).isCloseTo(300.0, within(2.0));
    }

    @Test
    void fullSpeedIsTheClipItself() {
        PcmAudio tone = tone(440, 0.3);
        assertThat(TimeStretch.atSpeed(tone, 1.0)).isSameAs(tone);
    }

    @Test
    void speedOutsideTheOfferedRangeIsRefusedWithTheRange() {
        assertThatThrownBy(() -> TimeStretch.atSpeed(tone(440, 0.1), 0.25))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("between 0.5 and 1.0")
                .hasMessageContaining("0.25");
    }

    /** Argmax of a 1-second-window spectrum (1 Hz bins) summed over the whole clip. */
    private static double dominantHz(float[] samples) {
        SpectrogramConfig c =
                new SpectrogramConfig(RATE, RATE, RATE, RATE / 2, WindowKind.HANN, true, false);
        float[][] frames = new LogSpectrogram(c).extract(samples);
        double[] sum = new double[c.bins()];
        for (float[] f : frames) {
            for (int k = 0; k < f.length; k++) {
                sum[k] += f[k];
            }
        }
        int best = 1;
        for (int k = 1; k < sum.length; k++) {
            if (sum[k] > sum[best]) {
                best = k;
            }
        }
        return (double) best * RATE / c.nFft();
    }

    private static double rms(float[] s, int from, int to) {
        double sum = 0;
        for (int i = from; i < to; i++) {
            sum += s[i] * s[i];
        }
        return Math.sqrt(sum / (to - from));
    }

    private static PcmAudio tone(double hz, double seconds) {
        float[] s = new float[(int) (seconds * RATE)];
        for (int i = 0; i < s.length; i++) {
            s[i] = (float) (0.5 * Math.sin(2 * Math.PI * hz * i / RATE));
        }
        return new PcmAudio(s, RATE);
    }
}
