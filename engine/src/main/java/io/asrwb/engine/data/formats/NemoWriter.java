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
 * NeMo JSON-lines, one manifest per split ("train_manifest.json" …, "manifest.json" for
 * utterances without one), audio paths relative to the manifest's folder. {@code speaker} is
 * written when known, {@code id} only when it differs from the audio file's name.
 */
public final class NemoWriter implements DatasetWriter {

  private static final JsonFactory JSON = new JsonFactory();

  @Override
  public List<Path> write(List<Utterance> utterances, Path audioRoot, Path out) throws IOException {
    Files.createDirectories(out);
    AudioPlacement place = new AudioPlacement(audioRoot, out);
    List<Path> written = new ArrayList<>();
    for (Map.Entry<Split, List<Utterance>> group : SplitGroups.of(utterances).entrySet()) {
      Path manifest = place.out().resolve(SplitNames.manifestName(group.getKey(), "manifest.json"));
      try (Writer w = Files.newBufferedWriter(manifest, StandardCharsets.UTF_8);
          JsonGenerator g = JSON.createGenerator(w)) {
        g.setRootValueSeparator(null);
        for (Utterance u : group.getValue()) {
          String rel = SourcePaths.relative(place.out(), place.inPlaceOrLinked(u, place.out()));
          g.writeStartObject();
          g.writeStringField("audio_filepath", rel);
          g.writeNumberField("duration", u.durationSeconds());
          g.writeStringField("text", u.transcript());
          if (!u.speaker().isEmpty()) {
            g.writeStringField("speaker", u.speaker());
          }
          if (!SourcePaths.stem(rel).equals(u.id())) {
            g.writeStringField("id", u.id());
          }
          g.writeEndObject();
          g.writeRaw('\n');
        }
      }
      written.add(manifest);
    }
    return written;
  }
}
