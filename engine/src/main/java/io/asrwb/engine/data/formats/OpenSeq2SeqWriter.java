package io.asrwb.engine.data.formats;

import io.asrwb.engine.data.Split;
import io.asrwb.engine.data.Utterance;
import java.io.IOException;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * OpenSeq2Seq CSV, one file per split (train.csv, dev.csv, test.csv; all.csv without a split),
 * paths relative to the CSV. The id is carried by the audio file's name, so audio whose name is
 * not its id is linked in as {@code audio/<id>.<ext>}. Speakers are not kept (no column).
 */
public final class OpenSeq2SeqWriter extends PerSplitManifestWriter {

    @Override
    String fileName(Split split) {
        return csvPerSplit(split);
    }

    @Override
    void writeManifest(Writer w, AudioPlacement place, List<Utterance> utterances)
            throws IOException {
        w.write("wav_filename,wav_filesize,transcript\n");
        for (Utterance u : utterances) {
            Path audio = IdNamedAudio.place(place, u, "audio");
            w.write(
                    CsvLine.join(
                            ',',
                            SourcePaths.relative(place.out(), audio),
                            Long.toString(Files.size(audio)),
                            u.transcript()));
            w.write('\n');
        }
    }
}
