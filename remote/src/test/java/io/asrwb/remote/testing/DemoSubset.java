package io.asrwb.remote.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** A handful of the bundled demo corpus's shortest training utterances, as a NeMo manifest. */
public final class DemoSubset {

  private static final ObjectMapper JSON = new ObjectMapper();

  private DemoSubset() {}

  /** Copies {@code count} train utterances of at most {@code maxSeconds} under {@code root}. */
  public static Path write(Path root, int count, double maxSeconds) {
    try {
      Path demo = demoCorpus();
      List<String> lines = new ArrayList<>();
      for (String line : Files.readAllLines(demo.resolve("demo.jsonl"))) {
        JsonNode u = JSON.readTree(line);
        if (lines.size() == count || u.path("duration").asDouble() > maxSeconds
            || !u.path("split").asText().equals("train")) {
          continue;
        }
        String audio = u.path("audio_filepath").asText();
        Path target = root.resolve(audio);
        Files.createDirectories(target.getParent());
        Files.copy(demo.resolve(audio), target);
        lines.add(line);
      }
      Path manifest = root.resolve("subset.jsonl");
      Files.write(manifest, lines);
      return manifest;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  public static Path demoCorpus() {
    for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
      Path corpus = p.resolve("assets/demo-corpus");
      if (Files.isRegularFile(corpus.resolve("demo.jsonl"))) {
        return corpus;
      }
    }
    throw new IllegalStateException("assets/demo-corpus/demo.jsonl not found above " + Path.of("")
        .toAbsolutePath());
  }
}
