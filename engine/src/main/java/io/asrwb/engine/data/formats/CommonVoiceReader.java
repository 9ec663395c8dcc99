package io.asrwb.engine.data.formats;

import io.asrwb.engine.data.Split;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Common Voice: a TSV with {@code client_id}, {@code path}, {@code sentence} columns (others
 * ignored), audio in {@code clips/} beside it. A folder reads train.tsv, dev.tsv and test.tsv
 * as the three splits (validated.tsv when none of them is there: it is their superset); one TSV
 * reads just that file. The id is the clip path without extension; the speaker is client_id.
 */
public final class CommonVoiceReader implements DatasetReader {

    private static final String[] REQUIRED = {"path", "sentence"};
    private static final String[] OPTIONAL = {"client_id"};
    private static final List<String> SPLIT_FILES = List.of("train.tsv", "dev.tsv", "test.tsv");

    @Override
    public ParsedSource parse(Path source, Path root, Path base) throws IOException {
        List<SourceRow> rows = new ArrayList<>();
        if (!Files.isDirectory(source)) {
            readFile(source, rows);
            return new ParsedSource(SourcePaths.root(root, SourcePaths.folderOf(source)), rows);
        }
        List<Path> files = new ArrayList<>();
        for (String name : SPLIT_FILES) {
            if (Files.isRegularFile(source.resolve(name))) {
                files.add(source.resolve(name));
            }
        }
        if (files.isEmpty() && Files.isRegularFile(source.resolve("validated.tsv"))) {
            files.add(source.resolve("validated.tsv"));
        }
        if (files.isEmpty()) {
            throw new NoSuchFileException(
                    source.toString(),
                    null,
                    "no train.tsv, dev.tsv, test.tsv or validated.tsv in this folder; point at a"
                            + " Common Voice language folder or a TSV");
        }
        for (Path f : files) {
            readFile(f, rows);
        }
        return new ParsedSource(SourcePaths.root(root, source), rows);
    }

    private static void readFile(Path file, List<SourceRow> rows) throws IOException {
        Path clips = SourcePaths.folderOf(file).resolve("clips");
        Split split = SplitNames.fromFileName(file);
        String fileName = file.toString();
        TableManifest.read(
                file,
                TableManifest.Dialect.TSV,
                REQUIRED,
                OPTIONAL,
                (lineNo, v) -> {
                    String clip = v[0].trim();
                    if (clip.isEmpty()) {
                        return Problems.missingColumnValue(file, lineNo, "path");
                    }
                    Path resolved = SourcePaths.resolve(clips, clip);
                    if (resolved == null) {
                        return Problems.invalidPath(file, lineNo, clip);
                    }
                    String speaker = v[2] == null ? "" : v[2].trim();
                    return new ManifestEntry(
                            fileName,
                            lineNo,
                            SourcePaths.withoutExtension(clip),
                            clip,
                            resolved,
                            v[1],
                            null,
                            Double.NaN,
                            speaker,
                            split);
                },
                rows);
    }
}
