package io.asrwb.engine.decode.lm;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.GZIPInputStream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads an ARPA back-off n-gram file (plain or .gz, UTF-8): the {@code \data\} counts, one
 * {@code \N-grams:} section per order, {@code \end\}. Every deviation is an
 * {@link ArpaFormatException} naming the file and line; text before {@code \data\} is ignored,
 * as SRILM and KenLM do.
 */
public final class ArpaReader {

    private static final Logger LOG = LoggerFactory.getLogger(ArpaReader.class);
    private static final Pattern COUNT = Pattern.compile("ngram\\s+(\\d+)\\s*=\\s*(\\d+)");
    private static final Pattern SECTION = Pattern.compile("\\\\(\\d+)-grams:");
    private static final Pattern FIELDS = Pattern.compile("\\s+");

    private final String source;
    private final BufferedReader in;
    private int lineNumber;
    private String currentLine;

    private ArpaReader(String source, BufferedReader in) {
        this.source = source;
        this.in = in;
    }

    /** Reads an ARPA file; a name ending in .gz is decompressed. */
    public static ArpaLanguageModel read(Path file) throws IOException {
        try (InputStream raw = Files.newInputStream(file);
                InputStream body =
                        file.getFileName().toString().endsWith(".gz")
                                ? new GZIPInputStream(raw, 1 << 16)
                                : raw;
                BufferedReader reader =
                        new BufferedReader(
                                new InputStreamReader(body, StandardCharsets.UTF_8), 1 << 16)) {
            ArpaLanguageModel model = read(reader, file.toString());
            LOG.info(
                    "Read {}-gram language model {} ({} words)",
                    model.order(),
                    file,
                    model.count(1));
            return model;
        }
    }

    /** Reads ARPA text; {@code sourceName} is what error messages call it. */
    public static ArpaLanguageModel read(BufferedReader reader, String sourceName)
            throws IOException {
        return new ArpaReader(sourceName, reader).parse();
    }

    private ArpaLanguageModel parse() throws IOException {
        String line = nextLine();
        while (line != null && !line.strip().equals("\\data\\")) {
            line = nextLine();
        }
        if (line == null) {
            throw error("no \\data\\ line found before the end of the file");
        }
        List<Long> declared = readCounts();
        List<Map<String, ArpaLanguageModel.Entry>> byOrder = new ArrayList<>();
        for (int n = 1; n <= declared.size(); n++) {
            byOrder.add(ArpaLanguageModel.newOrderMap(declared.get(n - 1)));
        }
        // readCounts stopped on the first section header.
        String header = currentLine;
        for (int n = 1; n <= declared.size(); n++) {
            Matcher m = SECTION.matcher(header);
            if (!m.matches() || Integer.parseInt(m.group(1)) != n) {
                throw error("expected the \\" + n + "-grams: section but found '" + header + "'");
            }
            header = readSection(n, declared.size(), declared.get(n - 1), byOrder.get(n - 1));
        }
        if (header == null) {
            throw error("file ends without the \\end\\ line (is it truncated?)");
        }
        if (!header.equals("\\end\\")) {
            throw error(
                    "expected \\end\\ after the \\"
                            + declared.size()
                            + "-grams: section but found '"
                            + header
                            + "'");
        }
        return new ArpaLanguageModel(byOrder);
    }

    /** Reads 'ngram N=count' lines up to the first section header, which is left in currentLine. */
    private List<Long> readCounts() throws IOException {
        List<Long> counts = new ArrayList<>();
        String line;
        while ((line = nextNonBlank()) != null && !line.startsWith("\\")) {
            Matcher m = COUNT.matcher(line);
            if (!m.matches()) {
                throw error("expected 'ngram N=count' in \\data\\ but found '" + line + "'");
            }
            int order = Integer.parseInt(m.group(1));
            if (order != counts.size() + 1) {
                throw error(
                        "expected the count of order "
                                + (counts.size() + 1)
                                + " but found order "
                                + order);
            }
            counts.add(Long.parseLong(m.group(2)));
        }
        if (line == null) {
            throw error("file ends inside \\data\\ (no n-gram sections)");
        }
        if (counts.isEmpty()) {
            throw error("\\data\\ declares no 'ngram N=count' lines");
        }
        currentLine = line;
        return counts;
    }

    /** Reads one section's entries; returns the next header line (or null at end of file). */
    private String readSection(
            int n, int maxOrder, long expected, Map<String, ArpaLanguageModel.Entry> into)
            throws IOException {
        int headerLine = lineNumber;
        String line;
        long seen = 0;
        while ((line = nextNonBlank()) != null && !line.startsWith("\\")) {
            String[] f = FIELDS.split(line);
            if (f.length != n + 1 && f.length != n + 2) {
                throw error(
                        "a "
                                + n
                                + "-gram line needs a probability, "
                                + n
                                + " word(s) and an optional"
                                + " back-off weight, but this one has "
                                + f.length
                                + " fields: '"
                                + line
                                + "'");
            }
            float prob = number(f[0], "probability");
            if (prob > 0) {
                throw error("log10 probability " + f[0] + " is positive (a probability above 1)");
            }
            float backoff = f.length == n + 2 ? number(f[n + 1], "back-off weight") : 0f;
            if (f.length == n + 2 && n == maxOrder) {
                LOG.debug(
                        "{}:{}: back-off weight on a highest-order n-gram ignored",
                        source,
                        lineNumber);
            }
            String key = String.join(" ", Arrays.copyOfRange(f, 1, n + 1));
            if (into.put(key, new ArpaLanguageModel.Entry(prob, backoff)) != null) {
                throw error("the " + n + "-gram '" + key + "' appears twice");
            }
            seen++;
        }
        if (seen != expected) {
            throw error(
                    "\\data\\ declares ngram "
                            + n
                            + "="
                            + expected
                            + " but the \\"
                            + n
                            + "-grams: section (from line "
                            + headerLine
                            + ") holds "
                            + seen);
        }
        return line;
    }

    private float number(String text, String what) throws ArpaFormatException {
        if (text.equalsIgnoreCase("-inf")) {
            return Float.NEGATIVE_INFINITY;
        }
        try {
            float value = Float.parseFloat(text);
            if (Float.isNaN(value)) {
                throw error(what + " is NaN");
            }
            return value;
        } catch (NumberFormatException e) {
            throw error(what + " '" + text + "' is not a number");
        }
    }

    private String nextNonBlank() throws IOException {
        String line;
        while ((line = nextLine()) != null) {
            String stripped = line.strip();
            if (!stripped.isEmpty()) {
                return stripped;
            }
        }
        return null;
    }

    private String nextLine() throws IOException {
        String line = in.readLine();
        if (line != null) {
            lineNumber++;
        }
        return line;
    }

    private ArpaFormatException error(String problem) {
        return new ArpaFormatException(source, lineNumber, problem);
    }
}
