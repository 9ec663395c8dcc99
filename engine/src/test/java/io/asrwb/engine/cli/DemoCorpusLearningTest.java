package io.asrwb.engine.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The model learns: a short run on the demo corpus's short utterances (≤ 1.2 s: single words,
 * short commands, numbers) brings the character error rate on the <em>test voices</em>, never
 * heard in training, far below the untrained model's. Through the CLI as a user runs it:
 * {@code dataset import}, {@code train}, {@code eval} (which must print WER and CER).
 *
 * <p>{@link #MEASURED}
 */
class DemoCorpusLearningTest {

  /** What the run reached when the thresholds were set (see the report in the log). */
  static final String MEASURED = "measured: pending";

  private static final Logger LOG = LoggerFactory.getLogger(DemoCorpusLearningTest.class);
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final double MAX_SECONDS = 1.2;
  /** Validation voices evaluated at each epoch end: a few, to keep the epochs cheap. */
  private static final int VALIDATION_UTTERANCES = 24;
  private static final Pattern RATES =
      Pattern.compile("WER (\\d+\\.\\d+) %\\s+CER (\\d+\\.\\d+) %");

  static final String CONFIG = System.getProperty("asrwb.learning.config", String.join("\n",
      "preset: tiny",
      "data:",
      "  max_duration_s: 1.2",
      "  batch_size: 8",
      "  duration_buckets: 4",
      "  val_splits: [val]",
      "  loader_threads: 1",
      "  prefetch_batches: 2",
      "model:",
      "  type: ds2",
      "  conv:",
      "    - {channels: 16, kernel_freq: 11, kernel_time: 11, stride_freq: 2, stride_time: 2,"
          + " pad_freq: 5, pad_time: 5}",
      "  rnn_layers: 2",
      "  hidden_size: 64",
      "  merge: sum",
      "optim:",
      "  lr: 1.0e-2",
      "  schedule:",
      "    anneal: cosine",
      "    warmup_steps: 10",
      "    min_lr: 1.0e-3",
      "train:",
      "  epochs: 8",
      "  eval_every_steps: 100000",
      "  checkpoint_every_steps: 100000",
      ""));

  @TempDir Path dir;

  @Test
  void aShortRunBringsTheTestVoicesCerFarBelowTheUntrainedModels() throws Exception {
    Path db = dir.resolve("catalog");
    Path manifest = shortUtterances(dir.resolve("corpus"));
    Path config = dir.resolve("learn.yaml");
    Files.writeString(config, CONFIG);
    CliRun imported = CliRun.run(db, "dataset", "import", "--format", "nemo", "--name", "short",
        manifest.toString());
    assertThat(imported.exit()).as(imported.err()).isZero();

    Path untrained = dir.resolve("untrained");
    assertThat(CliRun.run(db, "train", "--config", config.toString(), "--dataset", "short", "--out",
        untrained.toString(), "--max-steps", "1").exit()).isZero();
    double[] before = evalOnTestVoices(db, untrained);

    long started = System.nanoTime();
    Path run = dir.resolve("run");
    CliRun trained = CliRun.run(db, "train", "--config", config.toString(), "--dataset", "short",
        "--out", run.toString());
    assertThat(trained.exit()).as(trained.err()).isZero();
    double trainSeconds = (System.nanoTime() - started) / 1e9;
    double[] after = evalOnTestVoices(db, run);

    LOG.info(String.format(Locale.ROOT, "learning curve (validation voices, per epoch): %s", curve(run)));
    LOG.info(String.format(Locale.ROOT,
        "test voices: untrained WER %.3f CER %.3f; trained WER %.3f CER %.3f; training took %.0f s",
        before[0], before[1], after[0], after[1], trainSeconds));
    assertThat(before[1]).isGreaterThan(0.9);
    assertThat(after[1]).isLessThan(0.6);
  }

  /** {WER, CER} of the run's newest checkpoint on the test split, read from eval's printed line. */
  private static double[] evalOnTestVoices(Path db, Path run) {
    CliRun eval = CliRun.run(db, "eval", "--model", run.toString(), "--dataset", "short", "--split",
        "test");
    assertThat(eval.exit()).as(eval.err()).isZero();
    Matcher m = RATES.matcher(eval.out());
    assertThat(m.find()).as("eval prints WER and CER: " + eval.out()).isTrue();
    return new double[] {Double.parseDouble(m.group(1)) / 100, Double.parseDouble(m.group(2)) / 100};
  }

  /** "step: CER" of every evaluation the run made. */
  private static List<String> curve(Path run) throws IOException {
    List<String> out = new ArrayList<>();
    for (String line : Files.readAllLines(run.resolve("events.jsonl"))) {
      JsonNode e = JSON.readTree(line);
      if (e.path("type").asText().equals("eval")) {
        out.add(String.format(Locale.ROOT, "%d: %.3f", e.path("step").asLong(), e.path("cer").asDouble()));
      }
    }
    return out;
  }

  /**
   * A NeMo manifest of the demo corpus's short utterances (train and test voices, a few validation
   * ones), their audio copied alongside so the dataset root holds everything.
   */
  private static Path shortUtterances(Path root) throws IOException {
    Path demo = demoCorpus();
    List<String> lines = new ArrayList<>();
    int validation = 0;
    for (String line : Files.readAllLines(demo.resolve("demo.jsonl"))) {
      JsonNode u = JSON.readTree(line);
      if (u.path("duration").asDouble() > MAX_SECONDS) {
        continue;
      }
      if (u.path("split").asText().equals("val") && ++validation > VALIDATION_UTTERANCES) {
        continue;
      }
      String audio = u.path("audio_filepath").asText();
      Path target = root.resolve(audio);
      Files.createDirectories(target.getParent());
      Files.copy(demo.resolve(audio), target);
      lines.add(line);
    }
    Path manifest = root.resolve("short.jsonl");
    Files.write(manifest, lines);
    return manifest;
  }

  private static Path demoCorpus() {
    for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
      Path corpus = p.resolve("assets/demo-corpus");
      if (Files.isRegularFile(corpus.resolve("demo.jsonl"))) {
        return corpus;
      }
    }
    throw new IllegalStateException("assets/demo-corpus/demo.jsonl not found above the working dir");
  }
}
