package io.asrwb.engine.data.formats;

import io.asrwb.engine.data.Split;
import io.asrwb.engine.data.Utterance;
import java.io.IOException;
import java.io.Writer;
import java.util.List;

/**
 * SpeechBrain CSV, one file per split (train.csv, dev.csv, test.csv; all.csv without a split),
 * {@code ID,duration,wav,spk_id,wrd} with wav as {@code $data_root/<path>}, the data root being
 * the output folder.
 */
public final class SpeechBrainWriter extends PerSplitManifestWriter {

    @Override
    String fileName(Split split) {
        return csvPerSplit(split);
    }

    @Override
    void writeManifest(Writer w, AudioPlacement place, List<Utterance> utterances)
            throws IOException {
        w.write("ID,duration,wav,spk_id,wrd\n");
        for (Utterance u : utterances) {
            String rel = SourcePaths.relative(place.out(), place.inPlaceOrLinked(u, place.out()));
            w.write(
                    CsvLine.join(
                            ',',
                            u.id(),
                            Double.toString(u.durationSeconds()),
                            "$data_root/" + rel,
                            u.speaker(),
                            u.transcript()));
            w.write('\n');
        }
    }
}
