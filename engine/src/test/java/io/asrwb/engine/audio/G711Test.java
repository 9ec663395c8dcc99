package io.asrwb.engine.audio;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * G.711 (headerless and in Sun au) against sox: every code of both laws, Debian saytime's real
 * headerless .au files (package saytime), and files sox writes.
 */
class G711Test {

    private static final Path SAYTIME = Path.of("/usr/share/saytime");

    @TempDir Path dir;

    @Test
    void everyCodeOfBothLawsExpandsAsSoxDoesIt() throws Exception {
        byte[] all = new byte[256];
        for (int c = 0; c < 256; c++) {
            all[c] = (byte) c;
        }
        for (String law : List.of("ul", "al")) {
            Path f = Files.write(dir.resolve("all." + law), all);
            short[] sox = ReferenceDecoder.soxG711(f, law);
            PcmAudio ours = AudioFiles.loadNative(f);
            assertThat(ours.sampleRate()).isEqualTo(8000);
            assertThat(ReferenceDecoder.toShorts(ours.samples())).as(law).isEqualTo(sox);
        }
    }

    @Test
    void saytimeHeaderlessAuFilesDecodeAsSoxReadsThemAsMuLaw() throws Exception {
        List<Path> files = ReferenceDecoder.requireAll(SAYTIME, "au", "saytime");
        assertThat(files).hasSizeGreaterThan(10);
        for (Path f : files) {
            AudioInfo info = AudioFiles.probe(f);
            assertThat(info)
                    .isEqualTo(
                            new AudioInfo("au", 8000, 1, 8, Files.size(f), Files.size(f) / 8000.0));
            short[] sox = ReferenceDecoder.soxG711(f, "ul");
            assertThat(ReferenceDecoder.toShorts(AudioFiles.loadNative(f).samples()))
                    .as("%s against sox -t ul", f)
                    .isEqualTo(sox);
        }
    }

    @Test
    void ulExtensionIsMuLawAndLoadsAt16k() throws Exception {
        Path au = ReferenceDecoder.require(SAYTIME.resolve("the_time_is.au"), "saytime");
        Path ul = Files.copy(au, dir.resolve("prompt.ul"), StandardCopyOption.REPLACE_EXISTING);
        assertThat(AudioFiles.probe(ul).container()).isEqualTo("ulaw");
        assertThat(AudioFiles.loadNative(ul).samples())
                .isEqualTo(AudioFiles.loadNative(au).samples());
        PcmAudio model = AudioFiles.load(ul);
        assertThat(model.sampleRate()).isEqualTo(16_000);
        assertThat(model.samples().length)
                .isBetween(2 * (int) Files.size(ul) - 2, 2 * (int) Files.size(ul) + 2);
    }

    @Test
    void aLawFileMadeBySoxDecodesAsSoxDoesIt() throws Exception {
        Path al = dir.resolve("tone.alaw");
        ReferenceDecoder.soxMake(
                "-n",
                "-r",
                "8000",
                "-c",
                "1",
                "-t",
                "al",
                al.toString(),
                "synth",
                "0.5",
                "sine",
                "300:3000",
                "vol",
                "0.9");
        assertThat(AudioFiles.probe(al).container()).isEqualTo("alaw");
        assertThat(ReferenceDecoder.toShorts(AudioFiles.loadNative(al).samples()))
                .isEqualTo(ReferenceDecoder.soxG711(al, "al"));
    }

    @Test
    void sunAuWithHeaderInEachEncodingSoxWrites() throws Exception {
        record Case(String name, String[] encoding, int bits) {}
        List<Case> cases =
                List.of(
                        new Case("mulaw", new String[] {"-e", "u-law"}, 8),
                        new Case("alaw", new String[] {"-e", "a-law"}, 8),
                        new Case("s16", new String[] {"-e", "signed-integer", "-b", "16"}, 16));
        for (Case c : cases) {
            Path au = dir.resolve(c.name() + ".au");
            String[] args = {"-n", "-r", "11025", "-c", "2"};
            String[] tail = {au.toString(), "synth", "0.3", "sine", "440", "sine", "660"};
            String[] all = new String[args.length + c.encoding().length + tail.length];
            System.arraycopy(args, 0, all, 0, args.length);
            System.arraycopy(c.encoding(), 0, all, args.length, c.encoding().length);
            System.arraycopy(tail, 0, all, args.length + c.encoding().length, tail.length);
            ReferenceDecoder.soxMake(all);

            AudioInfo info = AudioFiles.probe(au);
            assertThat(info.container()).isEqualTo("au");
            assertThat(info.sampleRate()).isEqualTo(11025);
            assertThat(info.channels()).isEqualTo(2);
            assertThat(info.bitsPerSample()).isEqualTo(c.bits());
            // sox's own stereo → mono mix (the mean) can round differently from ours by 1 LSB.
            short[] sox = ReferenceDecoder.sox(au);
            assertThat(info.frames()).isEqualTo(sox.length);
            float[] ours = AudioFiles.loadNative(au).samples();
            assertThat(ours).hasSize(sox.length);
            for (int i = 0; i < ours.length; i++) {
                assertThat(Math.abs(ours[i] * 32768 - sox[i]))
                        .as(c.name() + " @" + i)
                        .isLessThanOrEqualTo(1f);
            }
        }
    }

    @Test
    void compressingAnExpandedCodeGivesItBack() {
        for (int c = 0; c < 256; c++) {
            // μ-law has two zeros (0x7f, 0xff): both expand to 0, which compresses to 0xff.
            int ulaw = c == 0x7f ? 0xff : c;
            assertThat(G711.compressUlaw(G711.ULAW[c])).as("μ-law %02x", c).isEqualTo(ulaw);
            assertThat(G711.compressAlaw(G711.ALAW[c])).as("A-law %02x", c).isEqualTo(c);
        }
    }
}
