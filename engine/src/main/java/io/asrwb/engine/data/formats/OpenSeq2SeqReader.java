package io.asrwb.engine.data.formats;

import io.asrwb.engine.data.Split;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * OpenSeq2Seq (and Mozilla DeepSpeech) CSV: header {@code wav_filename,wav_filesize,transcript}.
 * Relative paths resolve against the CSV's folder; the id is the audio file's name without
 * extension. A folder reads every {@code *.csv} in it, the split from each file's name.
 */
public final class OpenSeq2SeqReader implements DatasetReader {

    private static final String[] REQUIRED = {"wav_filename", "transcript"};
    private static final String[] OPTIONAL = {"wav_filesize"};

    @Override
    public ParsedSource parse(Path source, Path root, Path base) throws IOException {
        return SourcePaths.readManifests(source, root, base, OpenSeq2SeqReader::readFile, ".csv");
    }

    private static void readFile(Path file, Path base, List<SourceRow> rows) throws IOException {
        Split split = SplitNames.fromFileName(file);
        String fileName = file.toString();
        TableManifest.read(
                file,
                TableManifest.Dialect.CSV,
                REQUIRED,
                OPTIONAL,
                (lineNo, v) -> {
                    String wav = v[0].trim();
                    if (wav.isEmpty()) {
                        return Problems.missingColumnValue(file, lineNo, "wav_filename");
                    }
                    Path resolved = SourcePaths.resolve(base, wav);
                    if (resolved == null) {
                        return Problems.invalidPath(file, lineNo, wav);
                    }
                    return new ManifestEntry(
                            fileName,
                            lineNo,
                            SourcePaths.stem(wav),
                            wav,
                            resolved,
                            v[1],
                            null,
                            Double.NaN,
                            "",
                            split);
                },
                rows);
    }
}
