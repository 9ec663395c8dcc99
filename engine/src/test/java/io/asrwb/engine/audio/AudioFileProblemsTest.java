package io.asrwb.engine.audio;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.asrwb.engine.audio.AudioFileException.Reason;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every way a file can be unusable is reported with the right reason, by probe and by load. */
class AudioFileProblemsTest {

    @TempDir Path dir;

    private interface Call {
        void run(Path p) throws AudioFileException;
    }

    private static AudioFileException fails(Call call, Path p) {
        AudioFileException e = catchThrowableOfType(AudioFileException.class, () -> call.run(p));
        assertThat(e).as("expected %s to fail", p.getFileName()).isNotNull();
        assertThat(e.file()).isEqualTo(p);
        assertThat(e.getMessage()).contains(p.toString());
        return e;
    }

    /** Both the header probe and the full decode must reject the file for the same reason. */
    private static AudioFileException rejected(Path p, Reason reason) {
        AudioFileException probe = fails(AudioFiles::probe, p);
        AudioFileException load = fails(AudioFiles::load, p);
        assertThat(probe.reason()).as("probe: %s", probe.getMessage()).isEqualTo(reason);
        assertThat(load.reason()).as("load: %s", load.getMessage()).isEqualTo(reason);
        return probe;
    }

    private Path validWav() throws Exception {
        Path p = dir.resolve("ok.wav");
        WavWriter.writePcm16(p, Signals.sine(440, 0.5, 16000, 1600), 16000, 1);
        return p;
    }

    private Path write(String name, byte[] bytes) throws Exception {
        Path p = dir.resolve(name);
        Files.write(p, bytes);
        return p;
    }

    @Test
    void missingFile() {
        AudioFileException e = rejected(dir.resolve("nope.wav"), Reason.MISSING);
        assertThat(e.getMessage()).contains("does not exist");
    }

    @Test
    void emptyFile() throws Exception {
        AudioFileException e = rejected(write("empty.wav", new byte[0]), Reason.EMPTY);
        assertThat(e.getMessage()).contains("empty");
        rejected(write("empty.flac", new byte[0]), Reason.EMPTY);
    }

    @Test
    void truncatedWavHeader() throws Exception {
        byte[] full = Files.readAllBytes(validWav());
        rejected(write("h8.wav", Arrays.copyOf(full, 8)), Reason.TRUNCATED);
        AudioFileException e =
                rejected(write("h30.wav", Arrays.copyOf(full, 30)), Reason.TRUNCATED);
        assertThat(e.getMessage()).contains("'fmt '");
        e = rejected(write("h40.wav", Arrays.copyOf(full, 40)), Reason.TRUNCATED);
        assertThat(e.getMessage()).contains("no 'data' chunk");
    }

    @Test
    void truncatedWavDataIsAnErrorNotPadding() throws Exception {
        byte[] full = Files.readAllBytes(validWav());
        AudioFileException e =
                rejected(
                        write("cut.wav", Arrays.copyOf(full, full.length - 100)), Reason.TRUNCATED);
        assertThat(e.getMessage()).contains("declares 3200 bytes").contains("holds 3100");
    }

    @Test
    void nonAudioFiles() throws Exception {
        byte[] text = "id,transcript\n1,hello world\n".getBytes(StandardCharsets.UTF_8);
        AudioFileException e = rejected(write("notes.wav", text), Reason.UNSUPPORTED_FORMAT);
        assertThat(e.getMessage()).contains("not a RIFF/WAVE file").contains("'id,t'");
        rejected(write("notes.flac", text), Reason.UNSUPPORTED_FORMAT);
        e = rejected(write("notes.mp3", text), Reason.UNSUPPORTED_FORMAT);
        assertThat(e.getMessage()).contains("no MPEG audio frame");
        rejected(write("notes.txt", text), Reason.UNSUPPORTED_FORMAT);
    }

    @Test
    void tinyFiles() throws Exception {
        rejected(write("cut.flac", new byte[] {'f', 'L'}), Reason.TRUNCATED);
        rejected(write("cut.bin", new byte[] {'I', 'D', '3'}), Reason.TRUNCATED);
        rejected(
                write("hi.txt", "hi".getBytes(StandardCharsets.US_ASCII)),
                Reason.UNSUPPORTED_FORMAT);
    }

    @Test
    void compressedWavEncodingIsUnsupported() throws Exception {
        byte[] full = Files.readAllBytes(validWav());
        ByteBuffer.wrap(full).order(ByteOrder.LITTLE_ENDIAN).putShort(20, (short) 2); // MS ADPCM
        AudioFileException e = rejected(write("adpcm.wav", full), Reason.UNSUPPORTED_FORMAT);
        assertThat(e.getMessage()).contains("format tag 2");
    }

    @Test
    void wavDataBeforeFmtIsCorrupt() throws Exception {
        ByteBuffer b = ByteBuffer.allocate(12 + 8 + 4).order(ByteOrder.LITTLE_ENDIAN);
        b.putInt(0x46464952).putInt(16).putInt(0x45564157).putInt(0x61746164).putInt(4).putInt(0);
        rejected(write("nofmt.wav", b.array()), Reason.CORRUPT);
    }

    @Test
    void zeroChannelWavIsCorrupt() throws Exception {
        byte[] full = Files.readAllBytes(validWav());
        ByteBuffer.wrap(full).order(ByteOrder.LITTLE_ENDIAN).putShort(22, (short) 0);
        rejected(write("zero.wav", full), Reason.CORRUPT);
    }

    @Test
    void rawFileOfPartialFramesIsRejected() throws Exception {
        Path raw = write("x.raw", new byte[1001]);
        RawFormat s16 = new RawFormat(16000, 2, SampleEncoding.S16LE);
        AudioFileException e =
                catchThrowableOfType(AudioFileException.class, () -> AudioFiles.probeRaw(raw, s16));
        assertThat(e.reason()).isEqualTo(Reason.TRUNCATED);
        assertThat(e.getMessage())
                .contains("1001 bytes")
                .contains("4-byte frames")
                .contains("format given is wrong");
        e = catchThrowableOfType(AudioFileException.class, () -> AudioFiles.loadRaw(raw, s16));
        assertThat(e.reason()).isEqualTo(Reason.TRUNCATED);
    }

    @Test
    void rawFileWithoutFormatIsUnsupportedByProbe() throws Exception {
        AudioFileException e = rejected(write("x.raw", new byte[3200]), Reason.UNSUPPORTED_FORMAT);
        assertThat(e.getMessage()).contains("headerless PCM needs its format");
    }

    @Test
    void missingAndEmptyRawFiles() throws Exception {
        RawFormat f = new RawFormat(16000, 1, SampleEncoding.S16LE);
        assertThat(
                        catchThrowableOfType(
                                        AudioFileException.class,
                                        () -> AudioFiles.probeRaw(dir.resolve("none.raw"), f))
                                .reason())
                .isEqualTo(Reason.MISSING);
        Path empty = write("e.raw", new byte[0]);
        assertThat(
                        catchThrowableOfType(
                                        AudioFileException.class,
                                        () -> AudioFiles.loadRaw(empty, f))
                                .reason())
                .isEqualTo(Reason.EMPTY);
    }
}
