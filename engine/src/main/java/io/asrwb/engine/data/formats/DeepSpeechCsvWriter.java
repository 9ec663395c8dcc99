package io.asrwb.engine.data.formats;

import io.asrwb.engine.data.Split;
import io.asrwb.engine.data.Utterance;
import java.io.IOException;
import java.io.Writer;
import java.util.List;

/**
 * deepspeech.pytorch legacy CSVs, one per split (train_manifest.csv …), each line
 * {@code wav/<id>.wav,txt/<id>.txt} relative to the CSV. Speakers are not kept.
 */
public final class DeepSpeechCsvWriter extends PerSplitManifestWriter {

    @Override
    String fileName(Split split) {
        return DeepSpeechLayout.manifestName(split, "csv");
    }

    @Override
    void writeManifest(Writer w, AudioPlacement place, List<Utterance> utterances)
            throws IOException {
        for (Utterance u : utterances) {
            DeepSpeechLayout.Files files = DeepSpeechLayout.place(place, u);
            w.write(CsvLine.join(',', files.wav(), files.transcript()));
            w.write('\n');
        }
    }
}
