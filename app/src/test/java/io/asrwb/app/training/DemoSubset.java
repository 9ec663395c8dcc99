package io.asrwb.app.training;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.asrwb.app.config.HyperparametersViewModel;
import io.asrwb.engine.data.DatasetFormat;
import io.asrwb.engine.store.Catalog;
import io.asrwb.app.AppContext;
import io.asrwb.app.datasets.DatasetsViewModel;
import io.asrwb.app.datasets.ImportRequest;
import io.asrwb.app.tasks.CurrentThreadTaskRunner;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The demo corpus cut down for fast tests: its 24 shortest training and 8 shortest validation
 * utterances, copied with a NeMo manifest into a temp folder (the importer refuses audio outside
 * the manifest's folder), imported as dataset "demo-small".
 */
final class DemoSubset {

  static final String NAME = "demo-small";
  private static final ObjectMapper JSON = new ObjectMapper();

  private DemoSubset() {}

  static Path writeManifest(Path dir) throws IOException {
    Path demo = demoManifest();
    List<ObjectNode> train = new ArrayList<>();
    List<ObjectNode> val = new ArrayList<>();
    for (String line : Files.readAllLines(demo)) {
      if (line.isBlank()) {
        continue;
      }
      ObjectNode node = (ObjectNode) JSON.readTree(line);
      String split = node.path("split").asText();
      if (split.equals("train")) {
        train.add(node);
      } else if (split.equals("val")) {
        val.add(node);
      }
    }
    Comparator<ObjectNode> byDuration = Comparator.comparingDouble(n -> n.get("duration").asDouble());
    train.sort(byDuration);
    val.sort(byDuration);
    StringBuilder out = new StringBuilder();
    List<ObjectNode> chosen = new ArrayList<>(train.subList(0, 24));
    chosen.addAll(val.subList(0, 8));
    for (ObjectNode n : chosen) {
      String audio = n.get("audio_filepath").asText();
      Path copy = dir.resolve(audio);
      Files.createDirectories(copy.getParent());
      Files.copy(demo.getParent().resolve(audio), copy);
      out.append(n).append('\n');
    }
    Path manifest = Files.createDirectories(dir).resolve(NAME + ".jsonl");
    Files.writeString(manifest, out);
    return manifest;
  }

  static void importInto(Catalog catalog, Path dir) throws IOException {
    DatasetsViewModel datasets = new DatasetsViewModel(
        new AppContext(catalog, new CurrentThreadTaskRunner(), Clock.systemUTC(), "tester"));
    datasets.refresh();
    datasets.importDataset(new ImportRequest(DatasetFormat.NEMO, writeManifest(dir), NAME));
    if (datasets.utteranceCount() != 32) {
      throw new IllegalStateException("demo subset import failed: " + datasets.statusProperty().get()
          + " " + datasets.lastImportProblemLines().stream().limit(3).toList());
    }
  }

  /** The tiny preset cut to 6 steps of 4 utterances, an eval and a checkpoint every 3 steps. */
  static HyperparametersViewModel tinyConfig() {
    HyperparametersViewModel hyper = new HyperparametersViewModel();
    hyper.loadPreset("tiny");
    hyper.set("data.batch_size", 4);
    hyper.set("data.duration_buckets", 2);
    hyper.set("train.eval_every_steps", 3L);
    hyper.set("train.checkpoint_every_steps", 3L);
    hyper.set("train.max_steps", 6L);
    hyper.set("optim.schedule.warmup_steps", 2L);
    return hyper;
  }

  static Path demoManifest() {
    for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
      Path manifest = p.resolve("assets/demo-corpus/demo.jsonl");
      if (Files.isRegularFile(manifest)) {
        return manifest;
      }
    }
    throw new IllegalStateException("assets/demo-corpus/demo.jsonl not found above the working dir");
  }
}
