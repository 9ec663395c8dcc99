package io.asrwb.engine.data.formats;

import io.asrwb.engine.audio.WavWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** Real audio and text files for dataset tests. */
final class TestAudio {

    static final int RATE = 16_000;

    private TestAudio() {}

    /** A 16 kHz mono 16-bit WAV of {@code seconds} (a quiet tone), parents created. */
    static Path wav(Path file, double seconds) throws IOException {
        Files.createDirectories(file.toAbsolutePath().getParent());
        int n = (int) Math.round(seconds * RATE);
        float[] s = new float[n];
        for (int i = 0; i < n; i++) {
            s[i] = 0.1f * (float) Math.sin(2 * Math.PI * 440 * i / RATE);
        }
        WavWriter.writePcm16(file, s, RATE, 1);
        return file;
    }

    static Path text(Path file, String content) throws IOException {
        Files.createDirectories(file.toAbsolutePath().getParent());
        Files.writeString(file, content, StandardCharsets.UTF_8);
        return file;
    }
}
