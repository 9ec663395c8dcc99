package io.asrwb.engine.data.formats;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** Reads a text manifest line by line (UTF-8, a leading BOM dropped, bad bytes replaced, not fatal). */
final class ManifestLines {

    /** Receives each line with its 1-based number. */
    @FunctionalInterface
    interface LineConsumer {
        void accept(int lineNo, String line);
    }

    private ManifestLines() {}

    static void forEach(Path file, LineConsumer consumer) throws IOException {
        // InputStreamReader with a Charset replaces malformed bytes instead of throwing: one bad
        // byte
        // must not cost the whole manifest.
        try (BufferedReader in =
                new BufferedReader(
                        new InputStreamReader(Files.newInputStream(file), StandardCharsets.UTF_8),
                        1 << 16)) {
            int n = 0;
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                n++;
                if (n == 1 && line.startsWith("\uFEFF")) {
                    line = line.substring(1);
                }
                consumer.accept(n, line);
            }
        }
    }

    /** Whole file as text with trailing line breaks removed (a transcript file). */
    static String readTranscriptFile(Path file) throws IOException {
        String s = new String(Files.readAllBytes(file), StandardCharsets.UTF_8);
        if (s.startsWith("\uFEFF")) {
            s = s.substring(1);
        }
        int end = s.length();
        while (end > 0 && (s.charAt(end - 1) == '\n' || s.charAt(end - 1) == '\r')) {
            end--;
        }
        return s.substring(0, end);
    }
}
