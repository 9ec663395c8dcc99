package io.asrwb.engine.data.formats;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import io.asrwb.engine.data.Split;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * deepspeech.pytorch JSON manifest: {@code {"root_path": …, "samples": [{"wav_path": …,
 * "transcript_path": …}, …]}}, paths relative to root_path (itself relative to the manifest's
 * folder when not absolute); each transcript is a text file. The id is the audio file's name
 * without extension; the split comes from the manifest's name ("libri_val_manifest.json").
 * A folder reads every {@code *.json} in it.
 */
public final class DeepSpeechJsonReader implements DatasetReader {

    private static final JsonFactory JSON = new JsonFactory();

    /** A sample as written, resolved once root_path is known (it may come after the samples). */
    private record RawSample(int line, String wav, String transcript) {}

    @Override
    public ParsedSource parse(Path source, Path root, Path base) throws IOException {
        List<SourceRow> rows = new ArrayList<>();
        boolean folder = Files.isDirectory(source);
        List<Path> files = folder ? SourcePaths.filesIn(source, ".json") : List.of(source);
        Path firstRoot = null;
        for (Path f : files) {
            Path r = readFile(f, rows);
            firstRoot = firstRoot == null ? r : firstRoot;
        }
        Path dflt =
                firstRoot != null ? firstRoot : (folder ? source : SourcePaths.folderOf(source));
        return new ParsedSource(SourcePaths.root(root, dflt), rows);
    }

    /** Adds the file's rows; returns its root_path resolved. */
    private static Path readFile(Path file, List<SourceRow> rows) throws IOException {
        Path folder = SourcePaths.folderOf(file);
        String rootPath = null;
        List<RawSample> samples = new ArrayList<>();
        List<SourceRow> problems = new ArrayList<>();
        try (InputStream in = Files.newInputStream(file);
                JsonParser p = JSON.createParser(in)) {
            if (p.nextToken() != JsonToken.START_OBJECT) {
                problems.add(
                        Problems.malformed(
                                file,
                                1,
                                "the manifest is not a JSON object",
                                "write {\"root_path\": …, \"samples\": [{\"wav_path\": …,"
                                        + " \"transcript_path\": …}]}"));
            } else {
                while (p.nextToken() == JsonToken.FIELD_NAME) {
                    String key = p.currentName();
                    JsonToken v = p.nextToken();
                    if (key.equals("root_path") && v == JsonToken.VALUE_STRING) {
                        rootPath = p.getText();
                    } else if (key.equals("samples") && v == JsonToken.START_ARRAY) {
                        readSamples(p, file, samples, problems);
                    } else {
                        p.skipChildren();
                    }
                }
            }
        } catch (JsonProcessingException e) {
            int line = e.getLocation() == null ? 0 : e.getLocation().getLineNr();
            problems.add(
                    Problems.malformed(
                            file,
                            line,
                            "not valid JSON: "
                                    + e.getOriginalMessage()
                                    + " (samples after this point were not read)",
                            "fix the JSON at this line; the samples before it were imported"));
        }
        Path base = rootPath == null ? folder : SourcePaths.resolve(folder, rootPath);
        if (base == null) {
            problems.add(
                    Problems.malformed(
                            file,
                            1,
                            "root_path '" + rootPath + "' is not a valid path",
                            "correct root_path"));
            base = folder;
        }
        Split split = SplitNames.fromFileName(file);
        String fileName = file.toString();
        for (RawSample s : samples) {
            Path wav = SourcePaths.resolve(base, s.wav());
            if (wav == null) {
                rows.add(Problems.invalidPath(file, s.line(), s.wav()));
                continue;
            }
            Path txt =
                    s.transcript() == null || s.transcript().isBlank()
                            ? null
                            : SourcePaths.resolve(base, s.transcript());
            if (s.transcript() != null && !s.transcript().isBlank() && txt == null) {
                rows.add(Problems.invalidPath(file, s.line(), s.transcript()));
                continue;
            }
            rows.add(
                    new ManifestEntry(
                            fileName,
                            s.line(),
                            SourcePaths.stem(s.wav()),
                            s.wav(),
                            wav,
                            null,
                            txt,
                            Double.NaN,
                            "",
                            split));
        }
        rows.addAll(problems);
        rows.sort(java.util.Comparator.comparingInt(DeepSpeechJsonReader::lineOf));
        return base;
    }

    private static int lineOf(SourceRow r) {
        return r instanceof ManifestEntry e ? e.line() : ((RowProblem) r).problem().line();
    }

    private static void readSamples(
            JsonParser p, Path file, List<RawSample> samples, List<SourceRow> problems)
            throws IOException {
        for (JsonToken t = p.nextToken();
                t != JsonToken.END_ARRAY && t != null;
                t = p.nextToken()) {
            int line = p.currentTokenLocation().getLineNr();
            if (t != JsonToken.START_OBJECT) {
                p.skipChildren();
                problems.add(
                        Problems.malformed(
                                file,
                                line,
                                "a sample is not a JSON object",
                                "write each sample as {\"wav_path\": …, \"transcript_path\": …}"));
                continue;
            }
            String wav = null;
            String txt = null;
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String key = p.currentName();
                JsonToken v = p.nextToken();
                if (key.equals("wav_path") && v == JsonToken.VALUE_STRING) {
                    wav = p.getText();
                } else if (key.equals("transcript_path") && v == JsonToken.VALUE_STRING) {
                    txt = p.getText();
                } else {
                    p.skipChildren();
                }
            }
            if (wav == null || wav.isBlank()) {
                problems.add(
                        Problems.malformed(
                                file,
                                line,
                                "sample has no 'wav_path'",
                                "add \"wav_path\" to the sample or remove it"));
            } else {
                samples.add(new RawSample(line, wav, txt));
            }
        }
    }
}
