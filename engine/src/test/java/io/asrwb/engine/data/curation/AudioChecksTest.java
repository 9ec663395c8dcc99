package io.asrwb.engine.data.curation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.asrwb.engine.audio.WavWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AudioChecksTest {

    static final int RATE = 16_000;

    @TempDir Path dir;

    /** {@code lead} s of silence, {@code tone} s of a sine at {@code amp}, {@code tail} s of silence. */
    static float[] sineWithSilence(double lead, double tone, double tail, double amp) {
        int a = (int) Math.round(lead * RATE);
        int b = (int) Math.round(tone * RATE);
        int c = (int) Math.round(tail * RATE);
        float[] x = new float[a + b + c];
        for (int i = 0; i < b; i++) {
            x[a + i] = (float) (amp * Math.sin(2 * Math.PI * 440 * i / RATE));
        }
        return x;
    }

    @Test
    void silenceAndLevelOfAToneBetweenQuietParts() throws IOException {
        Path f = dir.resolve("tone.wav");
        WavWriter.writePcm16(f, sineWithSilence(0.5, 1.0, 0.3, 0.5), RATE, 1);
        AudioCheckResult r = AudioChecks.check(f);
        assertThat(r.error()).isNull();
        assertThat(r.leadingSilenceS()).isCloseTo(0.5, within(0.02));
        assertThat(r.trailingSilenceS()).isCloseTo(0.3, within(0.02));
        // sine RMS = amp/√2 over 1 s of 1.8 s: 20·log10(0.5/√2 · √(1/1.8)) = −11.58 dBFS
        assertThat(r.rmsDb())
                .isCloseTo(20 * Math.log10(0.5 / Math.sqrt(2) * Math.sqrt(1 / 1.8)), within(0.05));
        assertThat(r.clippingRatio()).isZero();
    }

    @Test
    void clippingRatioCountsFullScaleSamples() throws IOException {
        float[] x = sineWithSilence(0, 1.0, 0, 0.5);
        for (int i = 0; i < 800; i++) {
            x[i * 20] = i % 2 == 0 ? 1.0f : -1.0f; // 800 of 16000 samples at full scale: 5 %
        }
        Path f = dir.resolve("clipped.wav");
        WavWriter.writePcm16(f, x, RATE, 1);
        assertThat(AudioChecks.check(f).clippingRatio()).isCloseTo(0.05, within(1e-9));
    }

    @Test
    void digitalSilenceIsAllSilenceAtTheFloorLevel() throws IOException {
        Path f = dir.resolve("silent.wav");
        WavWriter.writePcm16(f, new float[RATE / 2], RATE, 1);
        AudioCheckResult r = AudioChecks.check(f);
        assertThat(r.rmsDb()).isEqualTo(AudioChecks.FLOOR_DBFS);
        assertThat(r.leadingSilenceS()).isCloseTo(0.5, within(1e-9));
        assertThat(r.trailingSilenceS()).isCloseTo(0.5, within(1e-9));
    }

    @Test
    void sameSamplesHashEquallyWhateverTheFileName() throws IOException {
        float[] x = sineWithSilence(0.1, 0.2, 0.1, 0.3);
        Path a = dir.resolve("a.wav");
        Path b = dir.resolve("b.wav");
        Path c = dir.resolve("c.wav");
        WavWriter.writePcm16(a, x, RATE, 1);
        Files.copy(a, b);
        x[100] += 0.01f;
        WavWriter.writePcm16(c, x, RATE, 1);
        assertThat(AudioChecks.check(a).audioHash())
                .isEqualTo(AudioChecks.check(b).audioHash())
                .hasSize(64);
        assertThat(AudioChecks.check(c).audioHash()).isNotEqualTo(AudioChecks.check(a).audioHash());
    }

    @Test
    void unreadableAudioIsAFailedResultNotAnException() throws IOException {
        Path f = dir.resolve("broken.wav");
        Files.writeString(f, "not audio");
        AudioCheckResult r = AudioChecks.check(f);
        assertThat(r.error()).isNotBlank();
        assertThat(r.audioHash()).isNull();
    }
}
