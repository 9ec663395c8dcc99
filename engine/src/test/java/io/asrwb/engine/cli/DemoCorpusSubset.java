package io.asrwb.engine.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Part of the bundled demo corpus as its own dataset: a NeMo manifest with its audio copied. */
final class DemoCorpusSubset {

  private static final ObjectMapper JSON = new ObjectMapper();

  private DemoCorpusSubset() {}

  /**
   * Utterances of at most {@code maxSeconds}, at most {@code perSplit.get(split)} of each split
   * named (a split not named is left out), written under {@code root}.
   *
   * @return the manifest
   */
  static Path write(Path root, double maxSeconds, Map<String, Integer> perSplit) throws IOException {
    Path demo = demoCorpus();
    List<String> lines = new ArrayList<>();
    Map<String, Integer> taken = new HashMap<>();
    for (String line : Files.readAllLines(demo.resolve("demo.jsonl"))) {
      JsonNode u = JSON.readTree(line);
      String split = u.path("split").asText();
      if (u.path("duration").asDouble() > maxSeconds
          || taken.merge(split, 1, Integer::sum) > perSplit.getOrDefault(split, 0)) {
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
  }

  static Path demoCorpus() {
    for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
      Path corpus = p.resolve("assets/demo-corpus");
      if (Files.isRegularFile(corpus.resolve("demo.jsonl"))) {
        return corpus;
      }
    }
    throw new IllegalStateException("assets/demo-corpus/demo.jsonl not found above the working dir");
  }
}
