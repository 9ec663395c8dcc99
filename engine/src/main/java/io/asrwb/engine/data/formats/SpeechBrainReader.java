package io.asrwb.engine.data.formats;

import io.asrwb.engine.data.Split;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * SpeechBrain CSV: header {@code ID,duration,wav,spk_id,wrd} (duration and spk_id optional).
 * {@code $data_root} (or {@code {data_root}}) in a path stands for the dataset root; other
 * relative paths resolve against the base given to the import ({@code --root}), else the CSV's
 * folder. A folder reads every {@code *.csv} in it,
 * the split from each file's name ("train.csv", "dev-clean.csv").
 */
public final class SpeechBrainReader implements DatasetReader {

    private static final String[] REQUIRED = {"ID", "wav", "wrd"};
    private static final String[] OPTIONAL = {"duration", "spk_id"};

    @Override
    public ParsedSource parse(Path source, Path root, Path base) throws IOException {
        List<SourceRow> rows = new ArrayList<>();
        Path dataRoot =
                Files.isDirectory(source)
                        ? SourcePaths.root(root, source)
                        : SourcePaths.root(root, SourcePaths.folderOf(source));
        List<Path> files =
                Files.isDirectory(source) ? SourcePaths.filesIn(source, ".csv") : List.of(source);
        for (Path f : files) {
            readFile(f, SourcePaths.base(base, f), dataRoot, rows);
        }
        return new ParsedSource(dataRoot, rows);
    }

    private static void readFile(Path file, Path base, Path dataRoot, List<SourceRow> rows)
            throws IOException {
        Split split = SplitNames.fromFileName(file);
        String fileName = file.toString();
        String rootText = dataRoot.toString();
        TableManifest.read(
                file,
                TableManifest.Dialect.CSV,
                REQUIRED,
                OPTIONAL,
                (lineNo, v) -> {
                    String id = v[0].trim();
                    String wav = v[1].trim();
                    if (id.isEmpty()) {
                        return Problems.missingColumnValue(file, lineNo, "ID");
                    }
                    if (wav.isEmpty()) {
                        return Problems.missingColumnValue(file, lineNo, "wav");
                    }
                    double duration = Double.NaN;
                    if (v[3] != null && !v[3].isBlank()) {
                        try {
                            duration = Double.parseDouble(v[3].trim());
                        } catch (NumberFormatException e) {
                            return Problems.malformed(
                                    file,
                                    lineNo,
                                    "duration '" + v[3] + "' is not a number",
                                    "write the duration in seconds (e.g. 3.52) or leave it empty");
                        }
                    }
                    String path =
                            wav.replace("$data_root", rootText).replace("{data_root}", rootText);
                    Path resolved = SourcePaths.resolve(base, path);
                    if (resolved == null) {
                        return Problems.invalidPath(file, lineNo, wav);
                    }
                    String speaker = v[4] == null ? "" : v[4].trim();
                    return new ManifestEntry(
                            fileName, lineNo, id, wav, resolved, v[2], null, duration, speaker,
                            split);
                },
                rows);
    }
}
