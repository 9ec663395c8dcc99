package io.asrwb.engine.data.formats;

import io.asrwb.engine.data.Split;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * deepspeech.pytorch's legacy CSV manifest: no header, two columns per line, the audio path and
 * the transcript file's path (relative ones resolve against the CSV's folder). The id is the
 * audio file's name without extension; the split comes from the file name. A folder reads every
 * {@code *.csv} in it.
 */
public final class DeepSpeechCsvReader implements DatasetReader {

    @Override
    public ParsedSource parse(Path source, Path root, Path base) throws IOException {
        return SourcePaths.readManifests(source, root, base, DeepSpeechCsvReader::readFile, ".csv");
    }

    private static void readFile(Path file, Path base, List<SourceRow> rows) throws IOException {
        Split split = SplitNames.fromFileName(file);
        String fileName = file.toString();
        ManifestLines.forEach(
                file,
                (lineNo, line) -> {
                    if (line.isBlank()) {
                        return;
                    }
                    List<String> fields;
                    try {
                        fields = CsvLine.split(line, ',');
                    } catch (CsvLine.MalformedException e) {
                        rows.add(
                                Problems.malformed(
                                        file,
                                        lineNo,
                                        e.getMessage(),
                                        "close the quote or remove the line"));
                        return;
                    }
                    if (fields.size() != 2) {
                        rows.add(
                                Problems.malformed(
                                        file,
                                        lineNo,
                                        "line has "
                                                + fields.size()
                                                + " fields, expected 2 (audio path, transcript"
                                                + " path)",
                                        "write 'path/to/x.wav,path/to/x.txt' or remove the line"));
                        return;
                    }
                    String wav = fields.get(0).trim();
                    String txt = fields.get(1).trim();
                    if (wav.isEmpty()) {
                        rows.add(Problems.missingColumnValue(file, lineNo, "audio path"));
                        return;
                    }
                    Path wavPath = SourcePaths.resolve(base, wav);
                    Path txtPath = txt.isEmpty() ? null : SourcePaths.resolve(base, txt);
                    if (wavPath == null || (!txt.isEmpty() && txtPath == null)) {
                        rows.add(Problems.invalidPath(file, lineNo, wavPath == null ? wav : txt));
                        return;
                    }
                    rows.add(
                            new ManifestEntry(
                                    fileName,
                                    lineNo,
                                    SourcePaths.stem(wav),
                                    wav,
                                    wavPath,
                                    null,
                                    txtPath,
                                    Double.NaN,
                                    "",
                                    split));
                });
    }
}
