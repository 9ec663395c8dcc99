package io.asrwb.engine.decode.lm;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.zip.GZIPInputStream;

/**
 * The words of an ARPA file: its {@code \1-grams:} section less the markers {@code <s>}, {@code
 * </s>} and {@code <unk>}. Reads only up to the end of that section, so showing what a large
 * language model knows costs no n-gram table.
 */
public final class ArpaUnigrams {

    private static final Set<String> MARKERS = Set.of("<s>", "</s>", "<unk>");

    private ArpaUnigrams() {}

    /** The words in file order; a name ending in .gz is decompressed. */
    public static List<String> read(Path file) throws IOException {
        try (InputStream raw = Files.newInputStream(file);
                InputStream body =
                        file.getFileName().toString().endsWith(".gz")
                                ? new GZIPInputStream(raw, 1 << 16)
                                : raw;
                BufferedReader in =
                        new BufferedReader(
                                new InputStreamReader(body, StandardCharsets.UTF_8), 1 << 16)) {
            List<String> words = new ArrayList<>();
            boolean inUnigrams = false;
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                String trimmed = line.strip();
                if (trimmed.equals("\\1-grams:")) {
                    inUnigrams = true;
                } else if (inUnigrams && trimmed.startsWith("\\")) {
                    return words; // \2-grams: or \end\
                } else if (inUnigrams && !trimmed.isEmpty()) {
                    // "log10p <tab> word [<tab> backoff]"
                    String[] fields = trimmed.split("\\s+");
                    if (fields.length >= 2 && !MARKERS.contains(fields[1])) {
                        words.add(fields[1]);
                    }
                }
            }
            if (!inUnigrams) {
                throw new IOException(file + " has no \\1-grams: section: not an ARPA file");
            }
            return words;
        }
    }
}
