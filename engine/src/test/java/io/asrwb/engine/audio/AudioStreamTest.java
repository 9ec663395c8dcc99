package io.asrwb.engine.audio;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** A streamed file gives the samples of the whole-file decoders, to the bit, in every container. */
class AudioStreamTest {

    private static final Path FIXTURES = Path.of("src/test/resources/audio");

    @TempDir Path dir;

    @ParameterizedTest
    @ValueSource(
            strings = {
                "sine1k_48k_24bit.flac",
                "sine440_44k1_stereo.flac",
                "sine440_44k1_vbr.mp3",
                "sine440_48k_cbr.mp3"
            })
    void compressedFixturesStreamAsTheyLoad(String name) throws Exception {
        Path f = FIXTURES.resolve(name);
        assertStreamsAsLoaded(f);
    }

    @Test
    void demoCorpusFlacStreamsAsItLoads() throws Exception {
        assertStreamsAsLoaded(
                Path.of("../assets/demo-corpus/audio/espeak-en-f2/espeak-en-f2-000.flac"));
    }

    @Test
    void wavOfEveryEncodingStreamsAsItLoads() throws Exception {
        Random random = new Random(3);
        float[] stereo = new float[2 * 70_001];
        for (int i = 0; i < stereo.length; i++) {
            stereo[i] = (float) (0.3 * Math.sin(i * 0.003) + 0.05 * random.nextGaussian());
        }
        for (SampleEncoding enc :
                new SampleEncoding[] {
                    SampleEncoding.S16LE,
                    SampleEncoding.S24LE,
                    SampleEncoding.F32LE,
                    SampleEncoding.U8
                }) {
            Path wav = dir.resolve(enc + ".wav");
            WavWriter.write(wav, stereo, 44_100, 2, enc);
            assertStreamsAsLoaded(wav);
        }
    }

    @Test
    void aCutFlacIsTruncatedWhenTheStreamReachesTheCut() throws Exception {
        byte[] whole = Files.readAllBytes(FIXTURES.resolve("sine440_44k1_stereo.flac"));
        Path cut = Files.write(dir.resolve("cut.flac"), Arrays.copyOf(whole, whole.length / 2));
        AudioFileException e =
                catchThrowableOfType(
                        AudioFileException.class, () -> readAll(AudioFiles.stream(cut)));
        assertThat(e.reason()).isEqualTo(AudioFileException.Reason.TRUNCATED);
        assertThat(e.getMessage()).contains("truncated").contains(cut.toString());
    }

    private static void assertStreamsAsLoaded(Path f) throws Exception {
        PcmAudio loaded = AudioFiles.loadNative(f);
        try (AudioStream s = AudioFiles.stream(f)) {
            assertThat(s.sampleRate()).isEqualTo(loaded.sampleRate());
            assertThat(readAll(s)).as(f.toString()).containsExactly(loaded.samples());
        }
        PcmAudio model = AudioFiles.load(f);
        try (AudioStream s = AudioFiles.stream(f, AudioFiles.MODEL_RATE)) {
            assertThat(s.sampleRate()).isEqualTo(AudioFiles.MODEL_RATE);
            assertThat(readAll(s)).as(f + " at 16 kHz").containsExactly(model.samples());
        }
    }

    /** Reads in odd-sized pieces, so chunk boundaries fall everywhere. */
    static float[] readAll(AudioStream s) throws AudioFileException, IOException {
        try (s) {
            float[] out = new float[1024];
            int n = 0;
            int piece = 1;
            while (true) {
                if (n + piece > out.length) {
                    out = Arrays.copyOf(out, out.length * 2 + piece);
                }
                int r = s.read(out, n, piece);
                if (r < 0) {
                    return Arrays.copyOf(out, n);
                }
                n += r;
                piece = piece * 7 % 9973 + 1;
            }
        }
    }
}
