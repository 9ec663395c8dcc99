package io.asrwb.engine.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.asrwb.engine.train.RunAttempts;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A {@code resume} or {@code train --out} refused because another process trains the folder
 * changes no byte of it, and the live run goes on to the same losses as an uninterrupted run. A
 * {@code train --out} into a folder that holds a finished run is refused the same way.
 *
 * <p>While the live run writes, "no byte changed" is checked as what the live run itself never
 * does: every file present before a refused command is there after it with the same bytes, except
 * that events.jsonl may only have grown at its end, {@code latest} may point elsewhere and the
 * live run's own unfinished {@code .tmp-} writes may move; a planted unfinished write (what a
 * second writer's store would clean away) must stay; and nothing new appears outside checkpoints/.
 */
class RefusedLaunchTest {

  private static final int STEPS = 20;
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String SENTINEL = "checkpoints/.tmp-step-000009999-planted/model.zip";
  private static final String SENTINEL_TRASH = "checkpoints/.trash-step-000009998-planted/state.json";

  /** Tiny, short clips (15 utterances, 4 batches an epoch), a checkpoint every 5 steps, none deleted. */
  private static final String CONFIG = TinyCliConfig.YAML
      .replace("  batch_size: 4\n", "  batch_size: 4\n  max_duration_s: 0.6\n")
      + String.join("\n",
          "train:",
          "  epochs: 100",
          "  eval_every_steps: 1000",
          "  checkpoint_every_steps: 5",
          "  keep_last: 100",
          "");

  @TempDir Path dir;

  @Test
  void refusedCommandsLeaveTheLiveRunAndItsFolderAlone() throws Exception {
    Path db = dir.resolve("catalog");
    Path config = dir.resolve("run.yaml");
    Files.writeString(config, CONFIG);
    Path other = dir.resolve("other.yaml");
    Files.writeString(other, Files.readString(config).replace("hidden_size: 16", "hidden_size: 24"));
    assertThat(CliRun.run(db, "dataset", "import", "--format", "nemo", "--name", "demo",
        demoManifest().toString()).exit()).isZero();

    Path straight = dir.resolve("straight"); // the reference, and ND4J warmed up in this JVM
    CliRun reference = CliRun.run(db, "train", "--config", config.toString(), "--dataset", "demo",
        "--out", straight.toString(), "--max-steps", String.valueOf(STEPS));
    assertThat(reference.exit()).as(reference.err()).isZero();
    Map<Long, Double> expected = stepLosses(straight);
    assertThat(expected).hasSize(STEPS);

    Path live = dir.resolve("live");
    Process child = startTraining(db, config, live);
    try {
      waitForEvent(live, "started", 0, child);
      Map<String, byte[]> before = files(live);
      CliRun train = CliRun.run(db, "train", "--config", other.toString(), "--dataset", "demo",
          "--out", live.toString(), "--max-steps", String.valueOf(STEPS));
      Map<String, byte[]> after = files(live);
      assertUntouched(before, after);
      assertThat(train.exit()).as(train.err()).isEqualTo(ExitCodes.RUN_IN_USE);
      assertThat(train.err().strip()).startsWith("asrwb: " + live + " is being trained right now by pid "
          + child.pid()).doesNotContain("internal error", "Exception").hasLineCount(1);

      waitForEvent(live, "checkpoint", 5, child);
      plant(live, SENTINEL);
      plant(live, SENTINEL_TRASH);
      before = files(live);
      CliRun resume = CliRun.run(db, "resume", live.toString());
      after = files(live);
      assertUntouched(before, after);
      assertThat(after).containsKeys(SENTINEL, SENTINEL_TRASH);
      assertThat(resume.exit()).as(resume.err()).isEqualTo(ExitCodes.RUN_IN_USE);
      assertThat(resume.err().strip()).startsWith("asrwb: " + live + " is being trained right now by pid "
          + child.pid()).hasLineCount(1);

      assertThat(child.waitFor(5, TimeUnit.MINUTES)).as("the live run ends").isTrue();
      assertThat(child.exitValue()).isZero();
    } finally {
      child.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
    }
    assertThat(stepLosses(live)).isEqualTo(expected); // bitwise: ND4J on CPU repeats exactly
    assertThat(events(live)).filteredOn(e -> e.path("type").asText().equals("started")).hasSize(1);

    // the run is finished: a second run is not appended to it
    Map<String, byte[]> before = files(live);
    CliRun again = CliRun.run(db, "train", "--config", other.toString(), "--dataset", "demo",
        "--out", live.toString());
    assertThat(again.exit()).as(again.err()).isEqualTo(ExitCodes.FAILED);
    assertThat(again.err().strip()).isEqualTo("asrwb: " + live + " already holds a run; resume it"
        + " with 'asrwb resume " + live + "' or choose another run folder (--out)");
    Map<String, byte[]> after = files(live);
    before.remove("run.lock"); // taken and let go: its holder's line written and emptied again
    after.remove("run.lock");
    assertThat(after.keySet()).isEqualTo(before.keySet());
    before.forEach((path, bytes) ->
        assertThat(Arrays.equals(after.get(path), bytes)).as("unchanged: " + path).isTrue());
  }

  /** What a refused command may not have done while the live run wrote on. */
  private static void assertUntouched(Map<String, byte[]> before, Map<String, byte[]> after) {
    Predicate<String> liveRunsOwnWrite = p -> p.equals("checkpoints/latest")
        || (p.startsWith("checkpoints/.tmp-") && !p.contains("planted"));
    before.forEach((path, bytes) -> {
      byte[] now = after.get(path);
      if (path.equals("events.jsonl")) {
        assertThat(now.length >= bytes.length
            && Arrays.equals(now, 0, bytes.length, bytes, 0, bytes.length))
            .as("events.jsonl only grew at its end").isTrue();
      } else if (!liveRunsOwnWrite.test(path)) {
        assertThat(after).as("kept: " + path).containsKey(path);
        assertThat(Arrays.equals(now, bytes)).as("unchanged: " + path).isTrue();
      }
    });
    assertThat(after.keySet()).allSatisfy(path ->
        assertThat(before.containsKey(path) || path.startsWith("checkpoints/")).as("new: " + path).isTrue());
  }

  private static void plant(Path runDir, String relative) throws IOException {
    Path file = runDir.resolve(relative);
    Files.createDirectories(file.getParent());
    Files.writeString(file, "an unfinished write of another writer");
  }

  /** Every regular file under {@code root} by relative path; one that vanishes while read is left out. */
  private static Map<String, byte[]> files(Path root) throws IOException {
    Map<String, byte[]> out = new TreeMap<>();
    List<Path> paths;
    try (Stream<Path> walk = Files.walk(root)) {
      paths = walk.toList();
    } catch (java.io.UncheckedIOException vanished) {
      return files(root); // a .tmp- folder renamed during the walk: walk again
    }
    for (Path p : paths) {
      try {
        if (Files.isRegularFile(p)) {
          out.put(root.relativize(p).toString(), Files.readAllBytes(p));
        }
      } catch (NoSuchFileException vanished) {
        // the live run renamed or deleted its own write
      }
    }
    return out;
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

  private static void waitForEvent(Path runDir, String type, long step, Process child)
      throws Exception {
    long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(3);
    while (System.nanoTime() < deadline) {
      if (events(runDir).stream().anyMatch(
          e -> e.path("type").asText().equals(type) && e.path("step").asLong() >= step)) {
        return;
      }
      assertThat(child.isAlive()).as("training child exited before its " + type + " event").isTrue();
      Thread.sleep(10);
    }
    throw new AssertionError("no " + type + " event within 3 minutes");
  }

  private static List<JsonNode> events(Path runDir) throws IOException {
    List<JsonNode> out = new ArrayList<>();
    Path file = runDir.resolve("events.jsonl");
    if (!Files.isRegularFile(file)) {
      return out;
    }
    for (String line : Files.readAllLines(file)) {
      if (!line.isBlank()) {
        try {
          out.add(JSON.readTree(line));
        } catch (IOException torn) {
          // being written
        }
      }
    }
    return out;
  }

  /** Each step's loss as the readers see it ({@link RunAttempts}); a repeated step fails. */
  static Map<Long, Double> stepLosses(Path runDir) throws IOException {
    RunAttempts.Fold<JsonNode> steps = new RunAttempts.Fold<>(e -> e.path("step").asLong());
    for (JsonNode e : events(runDir)) {
      RunAttempts.startsAt(e).ifPresent(steps::attemptStartsAt);
      if (e.path("type").asText().equals("step")) {
        steps.add(e);
      }
    }
    Map<Long, Double> losses = new TreeMap<>();
    for (JsonNode e : steps.points()) {
      Double was = losses.put(e.path("step").asLong(), e.path("loss").asDouble());
      assertThat(was).as("step " + e.path("step") + " once").isNull();
    }
    return losses;
  }
}
