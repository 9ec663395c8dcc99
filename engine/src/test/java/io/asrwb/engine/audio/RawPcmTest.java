package io.asrwb.engine.audio;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class RawPcmTest {

    @TempDir Path dir;

    @ParameterizedTest
    @EnumSource(SampleEncoding.class)
    void everyEncodingRoundTripsInStereo(SampleEncoding enc) throws Exception {
        int frames = 300;
        float[] st = new float[frames * 2];
        for (int i = 0; i < frames; i++) {
            st[2 * i] = (float) Math.sin(i * 0.05) * 0.8f;
            st[2 * i + 1] = (float) Math.cos(i * 0.07) * 0.4f;
        }
        Path raw = dir.resolve("x.raw");
        Files.write(raw, PcmEncoder.encode(st, enc));
        RawFormat format = new RawFormat(16000, 2, enc);

        AudioInfo info = AudioFiles.probeRaw(raw, format);
        assertThat(info)
                .isEqualTo(new AudioInfo("raw", 16000, 2, enc.bits(), frames, frames / 16000.0));

        PcmAudio pcm = AudioFiles.loadRaw(raw, format);
        assertThat(pcm.sampleRate()).isEqualTo(16000);
        assertThat(pcm.samples()).hasSize(frames);
        // G.711's top segment has a step of 1024/32768, and its encoder truncates within it.
        double step =
                enc.kind() == SampleEncoding.Kind.COMPANDED
                        ? 1.0 / 32
                        : Math.max(1e-7, Math.scalb(1.0, 1 - enc.bits()));
        for (int i = 0; i < frames; i++) {
            assertThat((double) pcm.samples()[i])
                    .isCloseTo((st[2 * i] + st[2 * i + 1]) / 2.0, within(step));
        }
    }

    @Test
    void byteOrderMatters() throws Exception {
        Path raw = dir.resolve("be.raw");
        Files.write(raw, PcmEncoder.encode(new float[] {0.5f, -0.25f}, SampleEncoding.S16BE));
        assertThat(AudioFiles.loadRaw(raw, new RawFormat(16000, 1, SampleEncoding.S16BE)).samples())
                .containsExactly(0.5f, -0.25f);
        assertThat(AudioFiles.loadRaw(raw, new RawFormat(16000, 1, SampleEncoding.S16LE)).samples())
                .doesNotContain(0.5f);
    }

    @Test
    void raw8kIsResampledTo16k() throws Exception {
        Path raw = dir.resolve("tel.raw");
        Files.write(
                raw, PcmEncoder.encode(Signals.sine(440, 0.5, 8000, 8000), SampleEncoding.S16LE));
        PcmAudio pcm = AudioFiles.loadRaw(raw, new RawFormat(8000, 1, SampleEncoding.S16LE));
        assertThat(pcm.samples()).hasSize(16000);
        assertThat(Signals.amplitudeAt(pcm.samples(), 440, 16000, 1000, 15000))
                .isCloseTo(0.5, within(0.005));
    }

    @Test
    void formatParsesFromTheCommandLineForm() {
        assertThat(RawFormat.parse("s16le:16000:1"))
                .isEqualTo(new RawFormat(16000, 1, SampleEncoding.S16LE));
        assertThat(RawFormat.parse(" F32LE : 48000 : 2 "))
                .isEqualTo(new RawFormat(48000, 2, SampleEncoding.F32LE));
        assertThatThrownBy(() -> RawFormat.parse("s16le:16000"))
                .hasMessageContaining("ENCODING:RATE:CHANNELS");
        assertThatThrownBy(() -> RawFormat.parse("pcm16:16000:1"))
                .hasMessageContaining("unknown raw PCM encoding");
        assertThatThrownBy(() -> RawFormat.parse("s16le:16k:1"))
                .hasMessageContaining("whole numbers");
    }

    @Test
    void invalidFormatsAreRejectedUpFront() {
        assertThatThrownBy(() -> new RawFormat(0, 1, SampleEncoding.S16LE))
                .hasMessageContaining("sample rate");
        assertThatThrownBy(() -> new RawFormat(16000, 0, SampleEncoding.S16LE))
                .hasMessageContaining("channel");
        assertThatThrownBy(() -> new RawFormat(16000, 1, null)).hasMessageContaining("encoding");
    }
}
