package io.asrwb.engine.audio;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Our G.722 decoder against ffmpeg's on Asterisk's real prompts (Debian package
 * asterisk-core-sounds-en-g722): sample-exact, since both follow the standard's integer arithmetic
 * to the bit and neither adds a delay (the QMF's is in the signal for both).
 */
class G722DecoderTest {

    static final String PACKAGE = "asterisk-core-sounds-en-g722";
    static final Path SOUNDS = Path.of("/usr/share/asterisk/sounds/en_US_f_Allison");

    @TempDir Path dir;

    /** Speech, the longest prompt (73 s), a digit, and the shortest file (pure tones). */
    private static List<Path> prompts() {
        return List.of(
                        "activated.g722",
                        "demo-instruct.g722",
                        "priv-callee-options.g722",
                        "digits/5.g722",
                        "descending-2tone.g722")
                .stream()
                .map(n -> ReferenceDecoder.require(SOUNDS.resolve(n), PACKAGE))
                .toList();
    }

    @Test
    void decodesAsteriskPromptsExactlyAsFfmpegDoes() throws Exception {
        for (Path f : prompts()) {
            short[] ffmpeg = ReferenceDecoder.ffmpegG722(f);
            PcmAudio ours = AudioFiles.loadNative(f);
            assertThat(ours.sampleRate()).isEqualTo(16_000);
            assertThat(ffmpeg).as("ffmpeg's decoding of %s", f).hasSize(2 * (int) Files.size(f));
            assertThat(ReferenceDecoder.toShorts(ours.samples()))
                    .as("our decoding of %s against ffmpeg's", f)
                    .isEqualTo(ffmpeg);
            assertThat(Signals.rms(ours.samples(), 0, ours.samples().length))
                    .as("%s is not silence", f)
                    .isGreaterThan(0.01);
        }
    }

    @Test
    void probeGivesDurationFromSize() throws Exception {
        Path f = ReferenceDecoder.require(SOUNDS.resolve("demo-instruct.g722"), PACKAGE);
        long bytes = Files.size(f);
        assertThat(AudioFiles.probe(f))
                .isEqualTo(new AudioInfo("g722", 16_000, 1, 0, 2 * bytes, bytes / 8000.0));
    }

    @Test
    void streamInOddChunksEqualsWholeDecode() throws Exception {
        Path f = ReferenceDecoder.require(SOUNDS.resolve("activated.g722"), PACKAGE);
        float[] whole = AudioFiles.loadNative(f).samples();
        float[] streamed = new float[whole.length];
        try (AudioStream s = AudioFiles.stream(f)) {
            assertThat(s.length()).isEqualTo(whole.length);
            int done = 0;
            int n;
            while ((n = s.read(streamed, done, Math.min(333, whole.length - done))) > 0) {
                done += n;
            }
            assertThat(done).isEqualTo(whole.length);
        }
        assertThat(streamed).isEqualTo(whole);
    }

    @Test
    void loadsAt16kForTheModel() throws Exception {
        Path f = ReferenceDecoder.require(SOUNDS.resolve("activated.g722"), PACKAGE);
        PcmAudio pcm = AudioFiles.load(f);
        assertThat(pcm.sampleRate()).isEqualTo(AudioFiles.MODEL_RATE);
        assertThat(pcm.samples()).hasSize(2 * (int) Files.size(f));
    }

    @Test
    void magicBytesWinOverTheExtension() throws Exception {
        Path wav = dir.resolve("really-a-wav.g722");
        WavWriter.writePcm16(wav, Signals.sine(440, 0.25, 8000, 8000), 8000, 1);
        assertThat(AudioFiles.probe(wav).container()).isEqualTo("wav");
    }

    @Test
    void scaleMantissasAreTheRoundedPowersOfTwo() {
        for (int i = 0; i < 32; i++) {
            assertThat(G722Tables.INV_LOG[i])
                    .isEqualTo((int) Math.round(2048 * Math.pow(2, i / 32.0)));
        }
    }
}
