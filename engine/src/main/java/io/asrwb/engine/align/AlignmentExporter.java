package io.asrwb.engine.align;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Writes stored alignments, one utterance at a time, in the chosen formats under one folder. Per
 * utterance files are named by the utterance id with characters other than letters, digits, '.',
 * '-' and '_' replaced by '_' (a clash gets "-2", "-3" …).
 */
public final class AlignmentExporter implements AutoCloseable {

    private final Path dir;
    private final Set<ExportFormat> formats;
    private final Map<String, Double> durations;
    private final BufferedWriter ctm;
    private final Set<String> names = new HashSet<>();
    private int utterances;

    /**
     * @param durations each utterance's duration in seconds (a TextGrid spans the whole clip)
     */
    public AlignmentExporter(Path dir, Set<ExportFormat> formats, Map<String, Double> durations)
            throws IOException {
        this.dir = Files.createDirectories(dir);
        this.formats = Set.copyOf(formats);
        this.durations = Map.copyOf(durations);
        this.ctm =
                formats.contains(ExportFormat.CTM)
                        ? Files.newBufferedWriter(
                                dir.resolve("alignment.ctm"), StandardCharsets.UTF_8)
                        : null;
    }

    /** Writes one utterance; an unchecked wrapper so it fits a repository's row callback. */
    public void write(StoredAlignment a) {
        try {
            String name = fileName(a.id());
            if (ctm != null) {
                for (AlignedWord w : a.referenceWords()) {
                    ctm.write(Ctm.line(a.id(), w));
                }
            }
            if (formats.contains(ExportFormat.TEXTGRID)) {
                double end = durations.getOrDefault(a.id(), 0.0);
                Files.writeString(
                        dir.resolve(name + ".TextGrid"),
                        TextGrid.of(
                                end,
                                List.of(
                                        new TextGrid.Tier("words", a.referenceWords()),
                                        new TextGrid.Tier("hypothesis", a.hypothesisWords()))));
            }
            if (formats.contains(ExportFormat.AUDACITY)) {
                Files.writeString(dir.resolve(name + ".txt"), labels(a.referenceWords()));
                Files.writeString(
                        dir.resolve(name + ".hypothesis.txt"), labels(a.hypothesisWords()));
            }
            utterances++;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Utterances written so far. */
    public int utterances() {
        return utterances;
    }

    /** Audacity's label track: start, end and label, tab-separated, one line per word. */
    static String labels(List<AlignedWord> words) {
        StringBuilder out = new StringBuilder();
        for (AlignedWord w : words) {
            out.append(
                    String.format(
                            Locale.ROOT, "%.6f\t%.6f\t%s%n", w.startSec(), w.endSec(), w.word()));
        }
        return out.toString();
    }

    private String fileName(String id) {
        String base = id.replaceAll("[^A-Za-z0-9._-]", "_");
        String name = base;
        for (int n = 2; !names.add(name); n++) {
            name = base + "-" + n;
        }
        return name;
    }

    @Override
    public void close() throws IOException {
        if (ctm != null) {
            ctm.close();
        }
    }
}
