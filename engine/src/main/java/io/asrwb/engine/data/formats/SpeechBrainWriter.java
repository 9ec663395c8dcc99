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
 * SpeechBrain CSV, one file per split (train.csv, dev.csv, test.csv; all.csv without a split),
 * {@code ID,duration,wav,spk_id,wrd} with wav as {@code $data_root/<path>}, the data root being
 * the output folder.
 */
public final class SpeechBrainWriter implements DatasetWriter {

  @Override
  public List<Path> write(List<Utterance> utterances, Path audioRoot, Path out) throws IOException {
    Files.createDirectories(out);
    AudioPlacement place = new AudioPlacement(audioRoot, out);
    List<Path> written = new ArrayList<>();
    for (Map.Entry<Split, List<Utterance>> group : SplitGroups.of(utterances).entrySet()) {
      String name = group.getKey() == Split.NONE ? "all.csv" : SplitNames.word(group.getKey()) + ".csv";
      Path csv = place.out().resolve(name);
      try (BufferedWriter w = Files.newBufferedWriter(csv, StandardCharsets.UTF_8)) {
        w.write("ID,duration,wav,spk_id,wrd\n");
        for (Utterance u : group.getValue()) {
          String rel = SourcePaths.relative(place.out(), place.inPlaceOrLinked(u, place.out()));
          w.write(CsvLine.join(',', u.id(), Double.toString(u.durationSeconds()), "$data_root/" + rel,
              u.speaker(), u.transcript()));
          w.write('\n');
        }
      }
      written.add(csv);
    }
    return written;
  }
}
