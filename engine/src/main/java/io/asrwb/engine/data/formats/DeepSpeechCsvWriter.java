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
 * deepspeech.pytorch legacy CSVs, one per split (train_manifest.csv …), each line
 * {@code wav/<id>.wav,txt/<id>.txt} relative to the CSV. Speakers are not kept.
 */
public final class DeepSpeechCsvWriter implements DatasetWriter {

  @Override
  public List<Path> write(List<Utterance> utterances, Path audioRoot, Path out) throws IOException {
    Files.createDirectories(out);
    AudioPlacement place = new AudioPlacement(audioRoot, out);
    List<Path> written = new ArrayList<>();
    for (Map.Entry<Split, List<Utterance>> group : SplitGroups.of(utterances).entrySet()) {
      Path csv = place.out().resolve(DeepSpeechLayout.manifestName(group.getKey(), "csv"));
      try (BufferedWriter w = Files.newBufferedWriter(csv, StandardCharsets.UTF_8)) {
        for (Utterance u : group.getValue()) {
          DeepSpeechLayout.Files files = DeepSpeechLayout.place(place, u);
          w.write(CsvLine.join(',', files.wav(), files.transcript()));
          w.write('\n');
        }
      }
      written.add(csv);
    }
    return written;
  }
}
