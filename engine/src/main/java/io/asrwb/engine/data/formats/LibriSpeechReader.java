package io.asrwb.engine.data.formats;

import io.asrwb.engine.data.Split;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

/**
 * LibriSpeech layout: {@code [split/]speaker/chapter/speaker-chapter.trans.txt}, each line
 * {@code ID TRANSCRIPT}, the audio {@code ID.flac} (or .wav/.mp3) beside it. Point it at the
 * LibriSpeech folder holding train-clean-100, dev-clean … (the split comes from those names) or
 * at one split folder (the split comes from its own name). The speaker is the speaker folder's
 * name ({@value #UNKNOWN_SPEAKER} means none).
 */
public final class LibriSpeechReader implements DatasetReader {

    static final String TRANSCRIPT_SUFFIX = ".trans.txt";

    /** Folder name our writer uses for utterances without a speaker. */
    static final String UNKNOWN_SPEAKER = "unknown";

    private static final String[] AUDIO_ORDER = {".flac", ".wav", ".mp3"};

    @Override
    public ParsedSource parse(Path source, Path root, Path base) throws IOException {
        if (!Files.isDirectory(source)) {
            throw new java.nio.file.NotDirectoryException(
                    source
                            + " (the LibriSpeech format needs the LibriSpeech folder or one of its"
                            + " split folders)");
        }
        Path dir = source.toAbsolutePath().normalize();
        List<Path> transcripts;
        try (Stream<Path> s = Files.walk(dir)) {
            transcripts =
                    s.filter(p -> p.getFileName().toString().endsWith(TRANSCRIPT_SUFFIX))
                            .filter(Files::isRegularFile)
                            .sorted()
                            .toList();
        }
        Split ownSplit =
                SplitNames.fromName(dir.getFileName() == null ? "" : dir.getFileName().toString());
        List<SourceRow> rows = new ArrayList<>();
        for (Path t : transcripts) {
            Path rel = dir.relativize(t);
            Split split =
                    rel.getNameCount() >= 4
                            ? SplitNames.fromName(rel.getName(0).toString())
                            : ownSplit;
            readChapter(t, split, rows);
        }
        return new ParsedSource(SourcePaths.root(root, dir), rows);
    }

    private static void readChapter(Path transcripts, Split split, List<SourceRow> rows)
            throws IOException {
        Path chapter = transcripts.getParent();
        Path speakerDir = chapter.getParent();
        String speaker = speakerDir == null ? "" : speakerDir.getFileName().toString();
        if (speaker.equals(UNKNOWN_SPEAKER)) {
            speaker = "";
        }
        Map<String, String> audioByStem = new HashMap<>();
        try (Stream<Path> s = Files.list(chapter)) {
            s.forEach(
                    p -> {
                        String name = p.getFileName().toString();
                        for (String ext : AUDIO_ORDER) {
                            if (name.endsWith(ext)) {
                                audioByStem.merge(
                                        name.substring(0, name.length() - ext.length()),
                                        name,
                                        (a, b) -> rank(a) <= rank(b) ? a : b);
                            }
                        }
                    });
        }
        Set<String> listed = new HashSet<>();
        String fileName = transcripts.toString();
        String spk = speaker;
        ManifestLines.forEach(
                transcripts,
                (lineNo, line) -> {
                    if (line.isBlank()) {
                        return;
                    }
                    int space = line.indexOf(' ');
                    String id = (space < 0 ? line : line.substring(0, space)).trim();
                    String text = space < 0 ? "" : line.substring(space + 1);
                    listed.add(id);
                    String audioName = audioByStem.getOrDefault(id, id + ".flac");
                    Path audio = chapter.resolve(audioName).normalize();
                    rows.add(
                            new ManifestEntry(
                                    fileName,
                                    lineNo,
                                    id,
                                    audioName,
                                    audio,
                                    text,
                                    null,
                                    Double.NaN,
                                    spk,
                                    split));
                });
        audioByStem.keySet().stream()
                .filter(stem -> !listed.contains(stem))
                .sorted()
                .forEach(
                        stem ->
                                rows.add(
                                        Problems.missingTranscript(
                                                chapter.resolve(audioByStem.get(stem)),
                                                0,
                                                "audio "
                                                        + audioByStem.get(stem)
                                                        + " has no line in "
                                                        + transcripts.getFileName(),
                                                "add a line '"
                                                        + stem
                                                        + " TRANSCRIPT' to "
                                                        + transcripts.getFileName()
                                                        + " or delete the audio")));
    }

    private static int rank(String name) {
        for (int i = 0; i < AUDIO_ORDER.length; i++) {
            if (name.endsWith(AUDIO_ORDER[i])) {
                return i;
            }
        }
        return AUDIO_ORDER.length;
    }
}
