package io.asrwb.engine.audio;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ResamplerTest {

    private static final int OUT = AudioFiles.MODEL_RATE;

    @Test
    void oneKilohertzAt44k1KeepsAmplitudeAndFrequency() {
        float[] in = Signals.sine(1000, 0.5, 44100, 44100);
        float[] out = new Resampler(44100, OUT).process(in);

        assertThat(out).hasSize(16000);
        double amp = Signals.amplitudeAt(out, 1000, OUT, 1000, 15000);
        assertThat(Math.abs(Signals.db(amp / 0.5))).isLessThan(0.1);
        assertThat(Signals.zeroCrossingFrequency(out, OUT, 1000, 15000))
                .isCloseTo(1000, within(0.5));
    }

    @Test
    void tenKilohertzAbove16kNyquistIsRemovedNotAliased() {
        float[] in = Signals.sine(10_000, 0.5, 44100, 44100);
        float[] out = new Resampler(44100, OUT).process(in);

        // Away from the edges, where the filter sees only the steady tone.
        double rmsIn = Signals.rms(in, 0, in.length);
        double rmsOut = Signals.rms(out, 1000, 15000);
        assertThat(Signals.db(rmsOut / rmsIn)).isLessThan(-60);
        // The alias would sit at 16000 - 10000 = 6 kHz.
        assertThat(Signals.db(Signals.amplitudeAt(out, 6000, OUT, 1000, 15000) / 0.5))
                .isLessThan(-60);
    }

    @ParameterizedTest
    @ValueSource(ints = {8000, 22050, 44100, 48000, 11025, 32000})
    void commonRatesKeepASpeechBandTone(int rate) {
        float[] in = Signals.sine(440, 0.3, rate, rate / 2);
        float[] out = new Resampler(rate, OUT).process(in);

        assertThat(out.length).isEqualTo((int) Math.ceil(in.length * (double) OUT / rate));
        double amp = Signals.amplitudeAt(out, 440, OUT, 800, out.length - 800);
        assertThat(Math.abs(Signals.db(amp / 0.3))).isLessThan(0.1);
        assertThat(Signals.zeroCrossingFrequency(out, OUT, 800, out.length - 800))
                .isCloseTo(440, within(0.5));
    }

    @Test
    void upsampling8kTo16kInterpolatesBetweenTheOriginalSamples() {
        float[] in = Signals.sine(3000, 0.5, 8000, 8000);
        float[] out = new Resampler(8000, OUT).process(in);

        assertThat(out).hasSize(16000);
        float[] truth = Signals.sine(3000, 0.5, OUT, 16000);
        for (int i = 500; i < 15500; i++) {
            assertThat((double) out[i]).as("sample %d", i).isCloseTo(truth[i], within(2e-3));
        }
    }

    @Test
    void sameRateIsTheIdentity() {
        float[] in = Signals.sine(440, 0.5, OUT, 1000);
        assertThat(new Resampler(OUT, OUT).process(in)).containsExactly(in);
        PcmAudio a = new PcmAudio(in, OUT);
        assertThat(AudioFiles.toModelRate(a)).isSameAs(a);
    }

    @Test
    void oddRatesUseInterpolatedPhasesAndStillWork() {
        // gcd(44101, 16000) = 1: 16000 phases would be a huge table, so phases are interpolated.
        float[] in = Signals.sine(1000, 0.5, 44101, 22050);
        float[] out = new Resampler(44101, OUT).process(in);
        double amp = Signals.amplitudeAt(out, 1000, OUT, 500, out.length - 500);
        assertThat(Math.abs(Signals.db(amp / 0.5))).isLessThan(0.1);
        assertThat(Signals.zeroCrossingFrequency(out, OUT, 500, out.length - 500))
                .isCloseTo(1000, within(0.5));
    }

    @Test
    void dcPassesUnchanged() {
        float[] in = new float[22050];
        java.util.Arrays.fill(in, 0.25f);
        float[] out = new Resampler(22050, OUT).process(in);
        for (int i = 400; i < out.length - 400; i++) {
            assertThat((double) out[i]).isCloseTo(0.25, within(1e-5));
        }
    }
}
