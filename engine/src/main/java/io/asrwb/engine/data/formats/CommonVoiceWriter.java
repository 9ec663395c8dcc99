package io.asrwb.engine.data.formats;

import io.asrwb.engine.data.Split;
import io.asrwb.engine.data.Utterance;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Common Voice layout: train.tsv, dev.tsv, test.tsv (validated.tsv for utterances without a
 * split) beside {@code clips/<id>.<ext>}. The reader of a folder skips validated.tsv when split
 * files exist (as Common Voice's is their superset), so mix split and unsplit utterances only
 * when you read the TSVs one by one. Common Voice's own columns (up_votes … segment) are filled
 * from the utterance's metadata where it has them; other metadata fields follow as more columns.
 */
public final class CommonVoiceWriter implements DatasetWriter {

    /** Common Voice's columns after client_id, path and sentence. */
    private static final List<String> CV_COLUMNS =
            List.of("up_votes", "down_votes", "age", "gender", "accents", "locale", "segment");

    @Override
    public List<Path> write(List<Utterance> utterances, Path audioRoot, Path out)
            throws IOException {
        Files.createDirectories(out);
        AudioPlacement place = new AudioPlacement(audioRoot, out);
        Path clips = place.out().resolve("clips");
        List<Path> written = new ArrayList<>();
        List<String> own = new ArrayList<>(List.of("client_id", "path", "sentence"));
        own.addAll(CV_COLUMNS);
        List<String> extra = MetaColumns.of(utterances, own);
        List<String> metaColumns = new ArrayList<>(CV_COLUMNS);
        metaColumns.addAll(extra);
        List<String> header = new ArrayList<>(own);
        header.addAll(extra);
        for (Map.Entry<Split, List<Utterance>> group : SplitGroups.of(utterances).entrySet()) {
            String name =
                    group.getKey() == Split.NONE
                            ? "validated.tsv"
                            : SplitNames.word(group.getKey()) + ".tsv";
            Path tsv = place.out().resolve(name);
            try (BufferedWriter w = Files.newBufferedWriter(tsv, StandardCharsets.UTF_8)) {
                w.write(String.join("\t", header) + "\n");
                for (Utterance u : group.getValue()) {
                    Path src = place.source(u);
                    Path target =
                            clips.resolve(u.id() + AudioPlacement.dotExtension(src)).normalize();
                    if (!target.startsWith(clips)) {
                        throw new IOException(
                                "utterance id '"
                                        + u.id()
                                        + "' would write outside "
                                        + clips
                                        + "; rename the utterance before exporting");
                    }
                    checkNoTabs(u.id(), u.transcript());
                    checkNoTabs(u.id(), u.speaker());
                    place.placeAt(u, target);
                    String[] meta = MetaColumns.values(u, metaColumns);
                    meta[0] = meta[0].isEmpty() ? "0" : meta[0];
                    meta[1] = meta[1].isEmpty() ? "0" : meta[1];
                    for (String m : meta) {
                        checkNoTabs(u.id(), m);
                    }
                    w.write(
                            u.speaker()
                                    + "\t"
                                    + SourcePaths.relative(clips, target)
                                    + "\t"
                                    + u.transcript()
                                    + "\t"
                                    + String.join("\t", meta)
                                    + "\n");
                }
            }
            written.add(tsv);
        }
        return written;
    }

    private static void checkNoTabs(String id, String value) throws IOException {
        if (value.indexOf('\t') >= 0 || value.indexOf('\n') >= 0 || value.indexOf('\r') >= 0) {
            throw new IOException(
                    "utterance '"
                            + id
                            + "' has a tab or line break in its text, which a Common Voice TSV "
                            + "cannot hold; replace it with a space before exporting");
        }
    }
}
