package io.asrwb.engine.data.formats;

import io.asrwb.engine.data.Split;
import io.asrwb.engine.data.Utterance;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A format that keeps each split in its own manifest file: the output folder, the audio
 * placement and the loop over splits live here; a format says only how its file is named and
 * what goes in it.
 */
abstract sealed class PerSplitManifestWriter implements DatasetWriter
        permits DeepSpeechJsonWriter,
                DeepSpeechCsvWriter,
                NemoWriter,
                SpeechBrainWriter,
                OpenSeq2SeqWriter {

    @Override
    public final List<Path> write(List<Utterance> utterances, Path audioRoot, Path out)
            throws IOException {
        Files.createDirectories(out);
        AudioPlacement place = new AudioPlacement(audioRoot, out);
        List<Path> written = new ArrayList<>();
        for (Map.Entry<Split, List<Utterance>> group : SplitGroups.of(utterances).entrySet()) {
            Path manifest = place.out().resolve(fileName(group.getKey()));
            try (Writer w = Files.newBufferedWriter(manifest, StandardCharsets.UTF_8)) {
                writeManifest(w, place, group.getValue());
            }
            written.add(manifest);
        }
        return written;
    }

    /** The manifest's file name for one split ({@link Split#NONE} for utterances without one). */
    abstract String fileName(Split split);

    /** Writes one split's manifest, placing (in place or linked) each utterance's audio. */
    abstract void writeManifest(Writer w, AudioPlacement place, List<Utterance> utterances)
            throws IOException;

    /** SpeechBrain's and OpenSeq2Seq's naming: train.csv, dev.csv, test.csv; all.csv without a split. */
    static String csvPerSplit(Split split) {
        return split == Split.NONE ? "all.csv" : SplitNames.word(split) + ".csv";
    }
}
