package io.asrwb.engine.data.formats;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import io.asrwb.engine.data.Split;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;

/**
 * NeMo JSON-lines: one object per line with {@code audio_filepath}, {@code duration}, {@code text}
 * and optional {@code speaker} and {@code split}; other keys with a scalar value (e.g. {@code
 * accent}, {@code mic}) are kept as the utterance's metadata, as text (nested values are skipped).
 * Absolute paths (NeMo's own convention) are taken as they are; relative ones resolve against the
 * base given to the import ({@code --root}), else the manifest's folder. A folder reads every {@code *.json}/{@code *.jsonl} in it, the split taken
 * from each file's name ("train_manifest.json"). The id is the {@code id} key when present (our
 * writer adds it only where needed), else the audio file's name without extension.
 */
public final class NemoReader implements DatasetReader {

    /** Thread-safe and reused: creating a factory per line would dominate a 100k-line import. */
    private static final JsonFactory JSON = new JsonFactory();

    @Override
    public ParsedSource parse(Path source, Path root, Path base) throws IOException {
        List<SourceRow> rows = new ArrayList<>();
        if (Files.isDirectory(source)) {
            for (Path f : SourcePaths.filesIn(source, ".json", ".jsonl")) {
                readFile(f, SourcePaths.base(base, f), rows);
            }
            return new ParsedSource(SourcePaths.root(root, source), rows);
        }
        readFile(source, SourcePaths.base(base, source), rows);
        return new ParsedSource(SourcePaths.root(root, SourcePaths.folderOf(source)), rows);
    }

    private static void readFile(Path file, Path base, List<SourceRow> rows) throws IOException {
        Split split = SplitNames.fromFileName(file);
        String fileName = file.toString();
        List<String> lines = new ArrayList<>();
        ManifestLines.forEach(file, (lineNo, line) -> lines.add(line));
        // Lines are independent, so parse them on every core (JSON and path resolution are most of
        // a
        // 100k-line manifest's read time); the array keeps them in source order.
        SourceRow[] parsed = new SourceRow[lines.size()];
        IntStream.range(0, lines.size())
                .parallel()
                .forEach(
                        i -> {
                            String line = lines.get(i);
                            if (!line.isBlank()) {
                                parsed[i] = parseLine(file, fileName, base, split, i + 1, line);
                            }
                        });
        for (SourceRow row : parsed) {
            if (row != null) {
                rows.add(row);
            }
        }
    }

    private static SourceRow parseLine(
            Path file, String fileName, Path base, Split split, int lineNo, String line) {
        String audio = null;
        String text = null;
        String speaker = "";
        String id = null;
        Split lineSplit = split;
        double duration = Double.NaN;
        Map<String, String> meta = null;
        try (JsonParser p = JSON.createParser(line)) {
            if (p.nextToken() != JsonToken.START_OBJECT) {
                return Problems.malformed(
                        file,
                        lineNo,
                        "line is not a JSON object",
                        "write one {\"audio_filepath\": …, \"duration\": …, \"text\": …} object per"
                                + " line");
            }
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String key = p.currentName();
                JsonToken v = p.nextToken();
                switch (key) {
                    case "audio_filepath" ->
                            audio = v == JsonToken.VALUE_NULL ? null : p.getValueAsString();
                    case "text" -> text = v == JsonToken.VALUE_NULL ? null : p.getValueAsString();
                    case "speaker" ->
                            speaker = v == JsonToken.VALUE_NULL ? "" : p.getValueAsString("");
                    case "id" -> id = v == JsonToken.VALUE_NULL ? null : p.getValueAsString();
                    // Not NeMo's own key, but common (our demo corpus writes it): a line's split
                    // wins over the file name's.
                    case "split" -> {
                        Split s =
                                v == JsonToken.VALUE_NULL
                                        ? Split.NONE
                                        : Split.parse(p.getValueAsString(""));
                        if (s != Split.NONE) {
                            lineSplit = s;
                        }
                    }
                    case "duration" -> {
                        if (v == JsonToken.VALUE_NUMBER_INT || v == JsonToken.VALUE_NUMBER_FLOAT) {
                            duration = p.getDoubleValue();
                        } else if (v != JsonToken.VALUE_NULL) {
                            return Problems.malformed(
                                    file,
                                    lineNo,
                                    "'duration' is not a number (" + p.getText() + ")",
                                    "write the duration in seconds as a number, or leave the key"
                                            + " out");
                        }
                    }
                    default -> {
                        if (v.isScalarValue() && v != JsonToken.VALUE_NULL) {
                            if (meta == null) {
                                meta = new HashMap<>();
                            }
                            meta.put(key, p.getText());
                        } else {
                            p.skipChildren();
                        }
                    }
                }
            }
            if (p.nextToken() != null) {
                return Problems.malformed(
                        file,
                        lineNo,
                        "text after the JSON object",
                        "write exactly one JSON object per line");
            }
        } catch (JsonProcessingException e) {
            return Problems.malformed(
                    file,
                    lineNo,
                    "not valid JSON: " + e.getOriginalMessage(),
                    "fix the line's JSON (one object per line) or remove it");
        } catch (IOException e) {
            return Problems.malformed(file, lineNo, "cannot parse line: " + e.getMessage());
        }
        if (audio == null || audio.isBlank()) {
            return Problems.malformed(
                    file,
                    lineNo,
                    "no 'audio_filepath' in the line",
                    "add \"audio_filepath\" with the audio's path or remove the line");
        }
        Path resolved = SourcePaths.resolve(base, audio);
        if (resolved == null) {
            return Problems.invalidPath(file, lineNo, audio);
        }
        return new ManifestEntry(
                fileName,
                lineNo,
                id != null ? id : SourcePaths.stem(audio),
                audio,
                resolved,
                text,
                null,
                duration,
                speaker,
                lineSplit,
                meta);
    }
}
