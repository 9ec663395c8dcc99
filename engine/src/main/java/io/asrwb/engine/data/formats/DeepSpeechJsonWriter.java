package io.asrwb.engine.data.formats;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
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
 * deepspeech.pytorch JSON manifests, one per split (train_manifest.json, val_manifest.json,
 * test_manifest.json; manifest.json without a split), root_path the output folder (absolute, as
 * deepspeech.pytorch writes it), transcripts as {@code txt/<id>.txt}. Speakers are not kept.
 */
public final class DeepSpeechJsonWriter implements DatasetWriter {

  private static final JsonFactory JSON = new JsonFactory();

  @Override
  public List<Path> write(List<Utterance> utterances, Path audioRoot, Path out) throws IOException {
    Files.createDirectories(out);
    AudioPlacement place = new AudioPlacement(audioRoot, out);
    List<Path> written = new ArrayList<>();
    for (Map.Entry<Split, List<Utterance>> group : SplitGroups.of(utterances).entrySet()) {
      Path manifest = place.out().resolve(DeepSpeechLayout.manifestName(group.getKey(), "json"));
      try (Writer w = Files.newBufferedWriter(manifest, StandardCharsets.UTF_8);
          JsonGenerator g = JSON.createGenerator(w).useDefaultPrettyPrinter()) {
        g.writeStartObject();
        g.writeStringField("root_path", place.out().toString());
        g.writeArrayFieldStart("samples");
        for (Utterance u : group.getValue()) {
          DeepSpeechLayout.Files files = DeepSpeechLayout.place(place, u);
          g.writeStartObject();
          g.writeStringField("wav_path", files.wav());
          g.writeStringField("transcript_path", files.transcript());
          g.writeEndObject();
        }
        g.writeEndArray();
        g.writeEndObject();
      }
      written.add(manifest);
    }
    return written;
  }
}
