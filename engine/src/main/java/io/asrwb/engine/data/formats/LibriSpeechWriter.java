package io.asrwb.engine.data.formats;

import io.asrwb.engine.data.Split;
import io.asrwb.engine.data.Utterance;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * LibriSpeech layout: {@code <train|dev|test>/<speaker>/<chapter>/<id>.<ext>} plus one
 * {@code <speaker>-<chapter>.trans.txt} per chapter (no split folder for unsplit utterances).
 * The chapter comes from ids shaped {@code speaker-chapter-n}, else "0"; audio is linked in.
 */
public final class LibriSpeechWriter implements DatasetWriter {

    @Override
    public List<Path> write(List<Utterance> utterances, Path audioRoot, Path out)
            throws IOException {
        Files.createDirectories(out);
        AudioPlacement place = new AudioPlacement(audioRoot, out);
        Map<Path, List<Utterance>> chapters = new LinkedHashMap<>();
        for (Utterance u : utterances) {
            if (u.id().isEmpty()
                    || u.id().chars()
                            .anyMatch(c -> Character.isWhitespace(c) || c == '/' || c == '\\')) {
                throw new IOException(
                        "utterance id '"
                                + u.id()
                                + "' has a space or slash, which a LibriSpeech transcript "
                                + "line cannot hold; rename the utterance before exporting");
            }
            if (u.transcript().indexOf('\n') >= 0 || u.transcript().indexOf('\r') >= 0) {
                throw new IOException(
                        "utterance '"
                                + u.id()
                                + "' has a line break in its transcript; replace it with a space");
            }
            Path splitDir =
                    u.split() == Split.NONE
                            ? place.out()
                            : place.out().resolve(SplitNames.word(u.split()));
            Path chapter = splitDir.resolve(speakerFolder(u.speaker())).resolve(chapterOf(u.id()));
            chapters.computeIfAbsent(chapter, c -> new ArrayList<>()).add(u);
        }
        List<Path> written = new ArrayList<>();
        for (Map.Entry<Path, List<Utterance>> c : chapters.entrySet()) {
            Path chapter = c.getKey();
            Files.createDirectories(chapter);
            String name =
                    chapter.getParent().getFileName()
                            + "-"
                            + chapter.getFileName()
                            + LibriSpeechReader.TRANSCRIPT_SUFFIX;
            Path trans = chapter.resolve(name);
            try (BufferedWriter w = Files.newBufferedWriter(trans, StandardCharsets.UTF_8)) {
                for (Utterance u : c.getValue()) {
                    place.placeAt(
                            u,
                            chapter.resolve(u.id() + AudioPlacement.dotExtension(place.source(u))));
                    w.write(u.id() + " " + u.transcript() + "\n");
                }
            }
            written.add(trans);
        }
        return written;
    }

    private static String speakerFolder(String speaker) {
        if (speaker.isEmpty()) {
            return LibriSpeechReader.UNKNOWN_SPEAKER;
        }
        return speaker.replaceAll("[\\\\/\\s]", "_");
    }

    /** "1089-134686-0001" → "134686"; anything else → "0". */
    private static String chapterOf(String id) {
        String[] parts = id.split("-");
        return parts.length == 3 && !parts[1].isEmpty() ? parts[1] : "0";
    }
}
