package io.asrwb.engine.audio;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class WavDecodingTest {

    @TempDir Path dir;

    /** Random interleaved samples, each channel at its own level so a wrong mixdown shows. */
    private static float[] interleaved(int frames, int channels, long seed) {
        Random r = new Random(seed);
        float[] s = new float[frames * channels];
        for (int i = 0; i < s.length; i++) {
            float level = 0.9f / (1 + i % channels);
            s[i] = (float) ((r.nextDouble() * 2 - 1) * level);
        }
        return s;
    }

    private static double channelMean(float[] s, int channels, int frame) {
        double sum = 0;
        for (int c = 0; c < channels; c++) {
            sum += s[frame * channels + c];
        }
        return sum / channels;
    }

    @ParameterizedTest(name = "{0} x{1} @ {2} Hz")
    @CsvSource({
        "U8, 1, 8000",
        "U8, 2, 11025",
        "S16LE, 1, 16000",
        "S16LE, 2, 44100",
        "S16LE, 6, 48000",
        "S24LE, 1, 96000",
        "S24LE, 2, 22050",
        "S32LE, 1, 16000",
        "S32LE, 3, 32000",
        "F32LE, 1, 16000",
        "F32LE, 2, 44100",
        "F64LE, 1, 16000",
        "F64LE, 4, 8000",
    })
    void everyEncodingAndChannelCountDecodesToTheChannelMean(
            SampleEncoding enc, int channels, int rate) throws Exception {
        int frames = 777;
        float[] written = interleaved(frames, channels, enc.name().hashCode() * 31L + channels);
        Path wav = dir.resolve("x.wav");
        WavWriter.write(wav, written, rate, channels, enc);

        AudioInfo info = AudioFiles.probe(wav);
        assertThat(info)
                .isEqualTo(
                        new AudioInfo(
                                "wav", rate, channels, enc.bits(), frames, (double) frames / rate));

        PcmAudio pcm = AudioFiles.loadNative(wav);
        assertThat(pcm.sampleRate()).isEqualTo(rate);
        assertThat(pcm.samples()).hasSize(frames);
        // One quantisation step of the stored integers
        // (the output is float, so never finer than float rounding).
        double step = Math.max(1e-7, Math.scalb(1.0, 1 - enc.bits()));
        for (int f = 0; f < frames; f++) {
            assertThat((double) pcm.samples()[f])
                    .as("frame %d", f)
                    .isCloseTo(channelMean(written, channels, f), within(step));
        }
    }

    @Test
    void extremesOfEachIntegerWidthMapToFullScale() throws Exception {
        for (SampleEncoding enc :
                new SampleEncoding[] {
                    SampleEncoding.U8,
                    SampleEncoding.S16LE,
                    SampleEncoding.S24LE,
                    SampleEncoding.S32LE
                }) {
            Path wav = dir.resolve(enc + ".wav");
            WavWriter.write(wav, new float[] {-1f, 0f, 0.5f}, 16000, 1, enc);
            assertThat(AudioFiles.load(wav).samples()).as("%s", enc).containsExactly(-1f, 0f, 0.5f);
        }
    }

    @Test
    void waveFormatExtensibleWith24BitStereoDecodes() throws Exception {
        float[] written = interleaved(500, 2, 7);
        byte[] data = PcmEncoder.encode(written, SampleEncoding.S24LE);
        ByteBuffer b =
                ByteBuffer.allocate(12 + 8 + 40 + 8 + data.length).order(ByteOrder.LITTLE_ENDIAN);
        b.putInt(0x46464952).putInt(b.capacity() - 8).putInt(0x45564157);
        b.putInt(0x20746d66)
                .putInt(40)
                .putShort((short) 0xFFFE)
                .putShort((short) 2)
                .putInt(48000)
                .putInt(48000 * 6)
                .putShort((short) 6)
                .putShort((short) 24);
        b.putShort((short) 22).putShort((short) 24).putInt(3); // cbSize, valid bits, channel mask
        // KSDATAFORMAT_SUBTYPE_PCM: 00000001-0000-0010-8000-00aa00389b71
        b.putInt(1)
                .putShort((short) 0)
                .putShort((short) 0x10)
                .put(new byte[] {(byte) 0x80, 0, 0, (byte) 0xaa, 0, 0x38, (byte) 0x9b, 0x71});
        b.putInt(0x61746164).putInt(data.length).put(data);
        Path wav = dir.resolve("ext.wav");
        Files.write(wav, b.array());

        PcmAudio pcm = AudioFiles.loadNative(wav);
        assertThat(pcm.samples()).hasSize(500);
        for (int f = 0; f < 500; f++) {
            assertThat((double) pcm.samples()[f])
                    .isCloseTo(channelMean(written, 2, f), within(1.2e-7));
        }
    }

    @Test
    void extraChunksBeforeTheDataAreSkipped() throws Exception {
        Path plain = dir.resolve("plain.wav");
        float[] written = Signals.sine(440, 0.5, 16000, 1600);
        WavWriter.writePcm16(plain, written, 16000, 1);
        byte[] p = Files.readAllBytes(plain);
        // Insert an odd-sized LIST chunk (padded to even) between 'fmt ' and 'data'.
        ByteBuffer list = ByteBuffer.allocate(8 + 6).order(ByteOrder.LITTLE_ENDIAN);
        list.putInt(0x5453494c).putInt(5).put("abcde".getBytes(UTF_8)).put((byte) 0);
        byte[] out = new byte[p.length + list.capacity()];
        System.arraycopy(p, 0, out, 0, 36);
        System.arraycopy(list.array(), 0, out, 36, list.capacity());
        System.arraycopy(p, 36, out, 36 + list.capacity(), p.length - 36);
        Path wav = dir.resolve("list.wav");
        Files.write(wav, out);

        assertThat(AudioFiles.probe(wav).frames()).isEqualTo(1600);
        assertThat(AudioFiles.load(wav).samples())
                .containsExactly(AudioFiles.load(plain).samples());
    }

    @Test
    void stereo44k1IsMixedAndResampledTo16kMono() throws Exception {
        float[] left = Signals.sine(1000, 0.6, 44100, 44100);
        float[] right = Signals.sine(1000, 0.2, 44100, 44100);
        float[] st = new float[left.length * 2];
        for (int i = 0; i < left.length; i++) {
            st[2 * i] = left[i];
            st[2 * i + 1] = right[i];
        }
        Path wav = dir.resolve("st.wav");
        WavWriter.write(wav, st, 44100, 2, SampleEncoding.F32LE);

        PcmAudio pcm = AudioFiles.load(wav);
        assertThat(pcm.sampleRate()).isEqualTo(AudioFiles.MODEL_RATE);
        assertThat(pcm.samples()).hasSize(16000);
        assertThat(Signals.amplitudeAt(pcm.samples(), 1000, 16000, 1000, 15000))
                .isCloseTo(0.4, within(0.004));
    }
}
