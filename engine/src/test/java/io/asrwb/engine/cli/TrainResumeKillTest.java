package io.asrwb.engine.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The test that matters for checkpoints: N steps straight give the same per-step losses as N/2
 * steps, a SIGKILL of the training process, {@code asrwb resume} and the rest. Also checks the
 * events.jsonl contract and that a foreign checkpoint is refused.
 */
class TrainResumeKillTest {

  private static final int STEPS = 8;
  private static final ObjectMapper JSON = new ObjectMapper();

  /**
   * Tiny model, the demo corpus's utterances under 0.6 s (15), batch 4, a checkpoint every step,
   * every augmentation on (drawn from (seed, stage, epoch, id), so it must repeat exactly too), two
   * loader workers.
   */
  private static final String CONFIG =
      String.join("\n",
          "preset: tiny",
          "data:",
          "  max_duration_s: 0.6",
          "  batch_size: 4",
          "  duration_buckets: 2",
          "  val_splits: []",
          "  loader_threads: 2",
          "  prefetch_batches: 3",
          "augment:",
          "  spec_augment: true",
          "  speed_perturb: true",
          "  noise: true",
          "  noise_probability: 0.5",
          "train:",
          "  eval_every_steps: 4",
          "  checkpoint_every_steps: 1",
          "  keep_last: 2",
          "");

  @TempDir Path dir;

  /** The tiny model with batch norm after its convolution and between two LSTMs (running statistics in the checkpoint). */
  private static final String BATCH_NORM =
      String.join("\n",
          "model:",
          "  rnn_layers: 2",
          "  hidden_size: 32",
          "  conv_batch_norm: true",
          "  rnn_batch_norm: true",
          "");

  @ParameterizedTest(name = "batch norm {0}")
  @ValueSource(booleans = {false, true})
  void killedAndResumedRunRepeatsTheUninterruptedLossesExactly(boolean batchNorm) throws Exception {
    Path db = dir.resolve("catalog");
    Path config = dir.resolve("run.yaml");
    Files.writeString(config, CONFIG + (batchNorm ? BATCH_NORM : ""));
    assertThat(CliRun.run(db, "dataset", "import", "--format", "nemo", "--name", "demo",
        demoManifest().toString()).exit()).isZero();

    Path straight = dir.resolve("straight");
    CliRun run = CliRun.run(db, "train", "--config", config.toString(), "--dataset", "demo",
        "--out", straight.toString(), "--max-steps", String.valueOf(STEPS));
    assertThat(run.exit()).as(run.err()).isZero();
    Map<Long, Double> expected = stepLosses(straight);
    assertThat(expected).hasSize(STEPS);

    Path killed = dir.resolve("killed");
    Process child = startTraining(db, config, killed);
    long killedAfter = waitForCheckpoint(killed.resolve("events.jsonl"), STEPS / 2, child);
    child.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
    assertThat(killedAfter).isLessThan(STEPS);

    CliRun resumed = CliRun.run(db, "resume", killed.toString());
    assertThat(resumed.exit()).as(resumed.err()).isZero();
    Map<Long, Double> actual = stepLosses(killed);
    assertThat(actual).isEqualTo(expected); // bitwise: ND4J on CPU repeats exactly

    List<JsonNode> events = events(killed);
    assertThat(events).allSatisfy(e -> {
      assertThat(e.path("type").asText()).isIn("started", "step", "eval", "checkpoint", "skipped",
          "failed", "finished", "heartbeat");
      assertThat(e.has("step")).isTrue();
    });
    assertThat(events).filteredOn(e -> e.path("type").asText().equals("step"))
        .allSatisfy(e -> assertThat(e.path("loss").isNumber()).isTrue());
    assertThat(events).filteredOn(e -> e.path("type").asText().equals("eval"))
        .isNotEmpty()
        .allSatisfy(e -> assertThat(e.path("wer").isNumber() && e.path("cer").isNumber()).isTrue());
    assertThat(events.get(events.size() - 1).path("type").asText()).isEqualTo("finished");
    assertThat(events).filteredOn(e -> e.path("type").asText().equals("started")
        && e.path("resumed").asBoolean()).hasSize(1);

    Path audio = demoManifest().getParent().resolve("audio/espeak-en-us-m1/espeak-en-us-m1-000.flac");
    CliRun transcribed = CliRun.run(db, "transcribe", "--model", killed.toString(), audio.toString());
    assertThat(transcribed.exit()).as(transcribed.err()).isZero();
    assertThat(transcribed.lines()).hasSize(1);
    assertThat(transcribed.lines().get(0)).startsWith(audio + "\t");
  }

  @Test
  void aCheckpointOfAnotherModelIsRefusedOnResume() throws Exception {
    Path db = dir.resolve("catalog");
    Path config = dir.resolve("run.yaml");
    Files.writeString(config, CONFIG);
    CliRun.run(db, "dataset", "import", "--format", "nemo", "--name", "demo", demoManifest().toString());
    Path runDir = dir.resolve("run");
    assertThat(CliRun.run(db, "train", "--config", config.toString(), "--dataset", "demo", "--out",
        runDir.toString(), "--max-steps", "1").exit()).isZero();
    // the run's config now describes another model than its checkpoint holds
    Path saved = runDir.resolve("config.yaml");
    String edited = Files.readString(saved).replaceFirst("hidden_size: \\d+", "hidden_size: 32");
    assertThat(edited).isNotEqualTo(Files.readString(saved));
    Files.writeString(saved, edited);

    CliRun resumed = CliRun.run(db, "resume", runDir.toString());

    assertThat(resumed.exit()).isEqualTo(ExitCodes.FAILED);
    assertThat(resumed.err()).contains("fingerprint");
  }

  private static Path demoManifest() {
    for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
      Path manifest = p.resolve("assets/demo-corpus/demo.jsonl");
      if (Files.isRegularFile(manifest)) {
        return manifest;
      }
    }
    throw new IllegalStateException("assets/demo-corpus/demo.jsonl not found above the working dir");
  }

  private static Process startTraining(Path db, Path config, Path runDir) throws IOException {
    String classPath =
        System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
    Path java = Path.of(System.getProperty("java.home"), "bin", "java");
    return new ProcessBuilder(java.toString(), "-cp", classPath, Main.class.getName(), "--db",
        db.toString(), "train", "--config", config.toString(), "--dataset", "demo", "--out",
        runDir.toString(), "--max-steps", String.valueOf(STEPS))
        .redirectOutput(ProcessBuilder.Redirect.DISCARD)
        .redirectError(ProcessBuilder.Redirect.DISCARD)
        .start();
  }

  /** Waits until events.jsonl reports a checkpoint at or after {@code step}; returns its step. */
  private static long waitForCheckpoint(Path events, long step, Process child) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(3);
    while (System.nanoTime() < deadline) {
      if (Files.isRegularFile(events)) {
        for (String line : Files.readAllLines(events)) {
          try {
            JsonNode e = JSON.readTree(line);
            if (e.path("type").asText().equals("checkpoint") && e.path("step").asLong() >= step) {
              return e.path("step").asLong();
            }
          } catch (IOException partialLine) {
            // being written
          }
        }
      }
      assertThat(child.isAlive()).as("training child exited before step " + step).isTrue();
      Thread.sleep(20);
    }
    throw new AssertionError("no checkpoint at step " + step + " within 3 minutes");
  }

  private static List<JsonNode> events(Path runDir) throws IOException {
    List<JsonNode> out = new ArrayList<>();
    for (String line : Files.readAllLines(runDir.resolve("events.jsonl"))) {
      if (!line.isBlank()) {
        try {
          out.add(JSON.readTree(line));
        } catch (IOException torn) {
          // the line the kill cut off
        }
      }
    }
    return out;
  }

  /** The loss of each step; a step computed again after a resume replaces the killed run's. */
  private static Map<Long, Double> stepLosses(Path runDir) throws IOException {
    Map<Long, Double> losses = new TreeMap<>();
    for (JsonNode e : events(runDir)) {
      if (e.path("type").asText().equals("step")) {
        losses.put(e.path("step").asLong(), e.path("loss").asDouble());
      }
    }
    return losses;
  }
}
