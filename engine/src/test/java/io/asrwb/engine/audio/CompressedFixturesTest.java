package io.asrwb.engine.audio;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;
import static org.assertj.core.api.Assertions.within;

import io.asrwb.engine.audio.AudioFileException.Reason;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** flac and mp3 fixtures from make_fixtures.sh: header durations, decoded lengths and signals. */
class CompressedFixturesTest {

    private static final Path FIXTURES = Path.of("src/test/resources/audio");

    @TempDir Path dir;

    private static Path fixture(String name) {
        return FIXTURES.resolve(name);
    }

    /** Checks a steady tone in the middle of the signal: frequency and amplitude. */
    private static void assertTone(PcmAudio a, double freq, double amplitude, double ampTolerance) {
        int rate = a.sampleRate();
        int from = rate / 20;
        int to = a.samples().length - rate / 20;
        assertThat(Signals.zeroCrossingFrequency(a.samples(), rate, from, to))
                .isCloseTo(freq, within(1.0));
        assertThat(Signals.amplitudeAt(a.samples(), freq, rate, from, to))
                .isCloseTo(amplitude, within(ampTolerance));
    }

    @Test
    void stereoFlacAt44k1() throws Exception {
        Path f = fixture("sine440_44k1_stereo.flac");
        AudioInfo info = AudioFiles.probe(f);
        assertThat(info).isEqualTo(new AudioInfo("flac", 44100, 2, 16, 22050, 0.5));

        PcmAudio raw = AudioFiles.loadNative(f);
        assertThat(raw.sampleRate()).isEqualTo(44100);
        assertThat(raw.samples()).hasSize(22050);
        assertTone(raw, 440, 0.4, 0.001); // mean of the 0.5 left and 0.3 right channels

        PcmAudio model = AudioFiles.load(f);
        assertThat(model.sampleRate()).isEqualTo(16000);
        assertThat(model.samples()).hasSize(8000);
        assertTone(model, 440, 0.4, 0.002);
    }

    @Test
    void twentyFourBitFlacKeepsItsPrecision() throws Exception {
        Path f = fixture("sine1k_48k_24bit.flac");
        assertThat(AudioFiles.probe(f)).isEqualTo(new AudioInfo("flac", 48000, 1, 24, 12000, 0.25));

        PcmAudio raw = AudioFiles.loadNative(f);
        assertThat(raw.samples()).hasSize(12000);
        float[] truth = Signals.sine(1000, 0.5, 48000, 12000);
        double err = 0;
        for (int i = 0; i < truth.length; i++) {
            err = Math.max(err, Math.abs(raw.samples()[i] - truth[i]));
        }
        // 24-bit quantisation is 6e-8; 16-bit would show 1.5e-5.
        assertThat(err).isLessThan(1e-6);
        assertTone(AudioFiles.load(f), 1000, 0.5, 0.002);
    }

    @Test
    void vbrMp3WithXingAndLameTagGivesExactDurationAndAlignedSignal() throws Exception {
        Path f = fixture("sine440_44k1_vbr.mp3");
        AudioInfo info = AudioFiles.probe(f);
        assertThat(info).isEqualTo(new AudioInfo("mp3", 44100, 1, 0, 22050, 0.5));

        PcmAudio raw = AudioFiles.loadNative(f);
        assertThat(raw.samples()).hasSize(22050);
        assertTone(raw, 440, 0.5, 0.02);
        // Encoder and decoder delay are trimmed: the tone lines up with the one the script encoded.
        float[] truth = Signals.sine(440, 0.5, 44100, 22050);
        double diff = 0;
        for (int i = 2205; i < 19845; i++) {
            diff += Math.pow(raw.samples()[i] - truth[i], 2);
        }
        assertThat(Math.sqrt(diff / (19845 - 2205))).isLessThan(0.02);

        PcmAudio model = AudioFiles.load(f);
        assertThat(model.samples()).hasSize(8000);
        assertTone(model, 440, 0.5, 0.02);
    }

    @Test
    void cbrMp3WithoutXingIsEstimatedFromBitrateAndSize() throws Exception {
        Path f = fixture("sine440_48k_cbr.mp3");
        AudioInfo info = AudioFiles.probe(f);
        assertThat(info.container()).isEqualTo("mp3");
        assertThat(info.sampleRate()).isEqualTo(48000);
        assertThat(info.channels()).isEqualTo(1);
        assertThat(info.frames()).isEqualTo(-1);

        PcmAudio raw = AudioFiles.loadNative(f);
        // No LAME tag: nothing to trim, so the decode holds every frame (22 x 1152 samples).
        assertThat(raw.samples()).hasSize(22 * 1152);
        assertThat(info.durationSeconds()).isCloseTo(raw.durationSeconds(), within(0.01));
        // LAME's CBR mode itself lowers this tone to 0.475 (its own `lame --decode` shows the
        // same).
        assertTone(raw, 440, 0.5, 0.03);
        assertTone(AudioFiles.load(f), 440, 0.5, 0.03);
    }

    @Test
    void contentNotNameDecidesTheFormat() throws Exception {
        Path renamed = dir.resolve("actually_flac.wav");
        Files.copy(fixture("sine440_44k1_stereo.flac"), renamed);
        assertThat(AudioFiles.probe(renamed).container()).isEqualTo("flac");
    }

    @Test
    void flacAfterAnId3TagIsFound() throws Exception {
        byte[] flac = Files.readAllBytes(fixture("sine1k_48k_24bit.flac"));
        byte[] tagged = new byte[10 + 20 + flac.length];
        byte[] header = {'I', 'D', '3', 4, 0, 0, 0, 0, 0, 20}; // ID3v2.4, 20-byte body of padding
        System.arraycopy(header, 0, tagged, 0, 10);
        System.arraycopy(flac, 0, tagged, 30, flac.length);
        Path f = dir.resolve("tagged.flac");
        Files.write(f, tagged);

        assertThat(AudioFiles.probe(f).frames()).isEqualTo(12000);
        assertTone(AudioFiles.load(f), 1000, 0.5, 0.002);
    }

    @Test
    void flacCutInItsAudioIsTruncatedOnLoad() throws Exception {
        byte[] full = Files.readAllBytes(fixture("sine440_44k1_stereo.flac"));
        Path cut = dir.resolve("cut.flac");
        Files.write(cut, Arrays.copyOf(full, full.length / 2));
        // The header is intact, so only decoding can tell.
        assertThat(AudioFiles.probe(cut).frames()).isEqualTo(22050);
        AudioFileException e =
                catchThrowableOfType(AudioFileException.class, () -> AudioFiles.load(cut));
        assertThat(e.reason()).isEqualTo(Reason.TRUNCATED);
        assertThat(e.getMessage()).contains("declares 22050 samples");
    }

    @Test
    void flacCutInItsHeaderIsTruncatedOnProbe() throws Exception {
        byte[] full = Files.readAllBytes(fixture("sine440_44k1_stereo.flac"));
        for (int len : new int[] {6, 30, 42}) {
            Path cut = dir.resolve("h" + len + ".flac");
            Files.write(cut, Arrays.copyOf(full, len));
            AudioFileException e =
                    catchThrowableOfType(AudioFileException.class, () -> AudioFiles.probe(cut));
            assertThat(e.reason())
                    .as("cut at %d: %s", len, e.getMessage())
                    .isEqualTo(Reason.TRUNCATED);
        }
    }

    @Test
    void xingMp3CutShortIsTruncated() throws Exception {
        byte[] full = Files.readAllBytes(fixture("sine440_44k1_vbr.mp3"));
        Path cut = dir.resolve("cut.mp3");
        Files.write(cut, Arrays.copyOf(full, full.length - 700));
        AudioFileException e =
                catchThrowableOfType(AudioFileException.class, () -> AudioFiles.probe(cut));
        assertThat(e.reason()).isEqualTo(Reason.TRUNCATED);
        assertThat(e.getMessage()).contains("Xing header declares");
        e = catchThrowableOfType(AudioFileException.class, () -> AudioFiles.load(cut));
        assertThat(e.reason()).isEqualTo(Reason.TRUNCATED);
    }

    @Test
    void mp3EndingInsideItsId3TagIsTruncated() throws Exception {
        byte[] full = Files.readAllBytes(fixture("sine440_48k_cbr.mp3"));
        Path cut = dir.resolve("tag.mp3");
        Files.write(cut, Arrays.copyOf(full, 40));
        AudioFileException e =
                catchThrowableOfType(AudioFileException.class, () -> AudioFiles.probe(cut));
        assertThat(e.reason()).isEqualTo(Reason.TRUNCATED);
    }
}
