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
 * OpenSeq2Seq CSV, one file per split (train.csv, dev.csv, test.csv; all.csv without a split),
 * paths relative to the CSV. The id is carried by the audio file's name, so audio whose name is
 * not its id is linked in as {@code audio/<id>.<ext>}. Speakers are not kept (no column).
 */
public final class OpenSeq2SeqWriter implements DatasetWriter {

  @Override
  public List<Path> write(List<Utterance> utterances, Path audioRoot, Path out) throws IOException {
    Files.createDirectories(out);
    AudioPlacement place = new AudioPlacement(audioRoot, out);
    List<Path> written = new ArrayList<>();
    for (Map.Entry<Split, List<Utterance>> group : SplitGroups.of(utterances).entrySet()) {
      String name = group.getKey() == Split.NONE ? "all.csv" : SplitNames.word(group.getKey()) + ".csv";
      Path csv = place.out().resolve(name);
      try (BufferedWriter w = Files.newBufferedWriter(csv, StandardCharsets.UTF_8)) {
        w.write("wav_filename,wav_filesize,transcript\n");
        for (Utterance u : group.getValue()) {
          Path audio = IdNamedAudio.place(place, u, "audio");
          w.write(CsvLine.join(',', SourcePaths.relative(place.out(), audio), Long.toString(Files.size(audio)),
              u.transcript()));
          w.write('\n');
        }
      }
      written.add(csv);
    }
    return written;
  }
}
