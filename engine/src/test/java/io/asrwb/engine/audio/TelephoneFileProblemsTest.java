package io.asrwb.engine.audio;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.asrwb.engine.audio.AudioFileException.Reason;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Bad G.722, G.711 and Sun au files: each refused by probe and load with what is wrong. */
class TelephoneFileProblemsTest {

    @TempDir Path dir;

    /** Probe and full decode both refuse the file, for the same reason, naming it. */
    private static String rejected(Path p, Reason reason) {
        String message = null;
        for (boolean probe : new boolean[] {true, false}) {
            AudioFileException e =
                    catchThrowableOfType(
                            AudioFileException.class,
                            () -> {
                                if (probe) {
                                    AudioFiles.probe(p);
                                } else {
                                    AudioFiles.load(p);
                                }
                            });
            assertThat(e).as("expected %s to fail", p.getFileName()).isNotNull();
            assertThat(e.reason()).as(e.getMessage()).isEqualTo(reason);
            assertThat(e.getMessage()).contains(p.toString());
            message = e.getMessage();
        }
        return message;
    }

    private Path write(String name, byte[] bytes) throws Exception {
        return Files.write(dir.resolve(name), bytes);
    }

    /** A Sun au header (big-endian, as the format has it) followed by {@code data}. */
    private static byte[] au(int offset, int size, int encoding, int rate, int channels, int data) {
        ByteBuffer b = ByteBuffer.allocate(offset + data);
        b.put(".snd".getBytes(java.nio.charset.StandardCharsets.US_ASCII));
        b.putInt(offset).putInt(size).putInt(encoding).putInt(rate).putInt(channels);
        return b.array();
    }

    @Test
    void emptyFilesOfEveryTelephoneKind() throws Exception {
        for (String name : new String[] {"x.g722", "x.ul", "x.alaw", "x.au"}) {
            assertThat(rejected(write(name, new byte[0]), Reason.EMPTY)).contains("empty");
        }
    }

    @Test
    void auWithAnEncodingWeDoNotRead() throws Exception {
        Path p = write("adpcm.au", au(24, 100, 23, 8000, 1, 100));
        assertThat(rejected(p, Reason.UNSUPPORTED_FORMAT))
                .contains("encoding 23", "G.72x ADPCM", "sox");
    }

    @Test
    void sixteenBitAuWithAnOddNumberOfDataBytes() throws Exception {
        Path p = write("odd.au", au(24, -1, 3, 8000, 1, 101));
        assertThat(rejected(p, Reason.TRUNCATED)).contains("ends inside a sample", "101 bytes");
    }

    @Test
    void auCutShortOfItsDeclaredData() throws Exception {
        Path p = write("cut.au", au(24, 2000, 3, 8000, 1, 1000));
        assertThat(rejected(p, Reason.TRUNCATED)).contains("declares 2000", "holds 1000");
    }

    @Test
    void auCutInsideItsHeader() throws Exception {
        Path p = write("head.au", Arrays.copyOf(au(24, 0, 1, 8000, 1, 0), 12));
        assertThat(rejected(p, Reason.TRUNCATED)).contains("header is truncated");
    }

    @Test
    void auWithANonsenseHeader() throws Exception {
        Path p = write("zero.au", au(24, 100, 1, 0, 1, 100));
        assertThat(rejected(p, Reason.CORRUPT)).contains("0 Hz");
    }

    @Test
    void muLawSilenceIsNotTakenForAnMp3FrameSync() throws Exception {
        byte[] silence = new byte[800];
        Arrays.fill(silence, (byte) 0xff);
        Path p = write("quiet.ulaw", silence);
        assertThat(AudioFiles.probe(p)).isEqualTo(new AudioInfo("ulaw", 8000, 1, 8, 800, 0.1));
        float[] s = AudioFiles.loadNative(p).samples();
        assertThat(s).hasSize(800).containsOnly(0f);
    }

    @Test
    void unknownFilesNameTheFormatsWeRead() throws Exception {
        Path p = write("x.gsm", new byte[] {1, 2, 3, 4, 5, 6});
        assertThat(rejected(p, Reason.UNSUPPORTED_FORMAT)).contains("G.722", ".ul", "8 kHz");
    }
}
