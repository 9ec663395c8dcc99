package io.asrwb.engine.audio;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Runs the Debian tools our telephone decoders are checked against (ffmpeg, sox) and reads what
 * they decode. A missing tool or sample file fails the test with the package to install: a check
 * that skips itself on a bare machine would pass without checking anything (.ci/run installs them).
 */
final class ReferenceDecoder {

    private ReferenceDecoder() {}

    /** The file, or a failure naming the Debian package that ships it. */
    static Path require(Path file, String debianPackage) {
        if (!Files.isRegularFile(file)) {
            fail(missing(file, debianPackage));
        }
        return file;
    }

    /** The folder's files with this extension, sorted; at least one, else the package to install. */
    static List<Path> requireAll(Path dir, String extension, String debianPackage)
            throws IOException {
        if (!Files.isDirectory(dir)) {
            fail(missing(dir, debianPackage));
        }
        try (var s = Files.walk(dir)) {
            List<Path> files =
                    s.filter(p -> p.toString().endsWith("." + extension)).sorted().toList();
            assertThat(files)
                    .as("*.%s under %s (Debian package %s)", extension, dir, debianPackage)
                    .isNotEmpty();
            return files;
        }
    }

    private static String missing(Object what, String debianPackage) {
        return what
                + " is missing: install the Debian package "
                + debianPackage
                + " (apt-get install "
                + debianPackage
                + "; .ci/run does)";
    }

    /** 16-bit samples as ffmpeg decodes a raw G.722 file. */
    static short[] ffmpegG722(Path file) throws Exception {
        return run(
                "ffmpeg",
                "ffmpeg",
                "-nostdin",
                "-loglevel",
                "error",
                "-f",
                "g722",
                "-i",
                file.toString(),
                "-f",
                "s16le",
                "-ac",
                "1",
                "-ar",
                "16000",
                "-");
    }

    /** 16-bit samples as sox decodes a headerless 8 kHz G.711 file ({@code type} "ul" or "al"). */
    static short[] soxG711(Path file, String type) throws Exception {
        return run(
                "sox",
                "sox",
                "-t",
                type,
                "-r",
                "8000",
                "-c",
                "1",
                file.toString(),
                "-t",
                "s16",
                "-L",
                "-");
    }

    /** 16-bit samples as sox decodes a file by its header, mixed to mono by sox itself. */
    static short[] sox(Path file) throws Exception {
        return run("sox", "sox", "-D", file.toString(), "-t", "s16", "-L", "-c", "1", "-");
    }

    /** Runs sox to make a file (e.g. {@code -n ... synth}); fails with the package when absent. */
    static void soxMake(String... args) throws Exception {
        String[] cmd = new String[args.length + 1];
        cmd[0] = "sox";
        System.arraycopy(args, 0, cmd, 1, args.length);
        run("sox", cmd);
    }

    /** The samples as 16-bit integers again (our decoders give s / 32768, exactly). */
    static short[] toShorts(float[] samples) {
        short[] out = new short[samples.length];
        for (int i = 0; i < samples.length; i++) {
            float v = samples[i] * 32768f;
            assertThat(v).isEqualTo((float) Math.rint(v));
            out[i] = (short) v;
        }
        return out;
    }

    private static short[] run(String debianPackage, String... cmd) throws Exception {
        Process p;
        try {
            p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        } catch (IOException e) {
            throw new AssertionError(
                    missing(cmd[0] + " (" + e.getMessage() + ")", debianPackage), e);
        }
        p.getOutputStream().close();
        byte[] out;
        try (InputStream in = p.getInputStream()) {
            out = in.readAllBytes();
        }
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as("exit status of %s", String.join(" ", cmd)).isZero();
        short[] s = new short[out.length / 2];
        ByteBuffer.wrap(out).order(ByteOrder.LITTLE_ENDIAN).asShortBuffer().get(s);
        return s;
    }
}
