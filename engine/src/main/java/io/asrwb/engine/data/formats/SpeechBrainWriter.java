package io.asrwb.engine.data.formats;

import io.asrwb.engine.data.Split;
import io.asrwb.engine.data.Utterance;
import java.io.IOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.List;

/**
 * SpeechBrain CSV, one file per split (train.csv, dev.csv, test.csv; all.csv without a split),
 * {@code ID,duration,wav,spk_id,wrd} with wav as {@code $data_root/<path>}, the data root being
 * the output folder; the utterances' metadata fields follow as more columns (sorted by name).
 */
public final class SpeechBrainWriter extends PerSplitManifestWriter {

    private static final List<String> OWN = List.of("ID", "duration", "wav", "spk_id", "wrd");

    @Override
    String fileName(Split split) {
        return csvPerSplit(split);
    }

    @Override
    void writeManifest(Writer w, AudioPlacement place, List<Utterance> utterances)
            throws IOException {
        List<String> extra = MetaColumns.of(utterances, OWN);
        List<String> header = new ArrayList<>(OWN);
        header.addAll(extra);
        w.write(CsvLine.join(',', header.toArray(String[]::new)));
        w.write('\n');
        for (Utterance u : utterances) {
            String rel = SourcePaths.relative(place.out(), place.inPlaceOrLinked(u, place.out()));
            List<String> row =
                    new ArrayList<>(
                            List.of(
                                    u.id(),
                                    Double.toString(u.durationSeconds()),
                                    "$data_root/" + rel,
                                    u.speaker(),
                                    u.transcript()));
            row.addAll(List.of(MetaColumns.values(u, extra)));
            w.write(CsvLine.join(',', row.toArray(String[]::new)));
            w.write('\n');
        }
    }
}
