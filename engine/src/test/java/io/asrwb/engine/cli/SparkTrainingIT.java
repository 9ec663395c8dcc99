package io.asrwb.engine.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.asrwb.engine.testing.DemoSubset;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.apache.spark.launcher.JavaModuleOptions;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Multi-node training on a real Spark standalone cluster on loopback (a master and two worker
 * JVMs, one replica each): the tiny model on demo-corpus utterances through {@code asrwb train
 * --spark-master}, with a worker killed mid-run (the run completes on the survivor and its loss
 * falls), and with the driver killed (resume from the newest checkpoint completes the run).
 */
@Timeout(value = 8, unit = TimeUnit.MINUTES)
class SparkTrainingIT {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int STEPS = 24;

    /** Rounds of 2 replicas × 2 batches of 4: six averaging rounds, a checkpoint every round. */
    private static final String CONFIG =
            String.join(
                    "\n",
                    "preset: tiny",
                    "data:",
                    "  max_duration_s: 1.5",
                    "  batch_size: 4",
                    "  duration_buckets: 2",
                    "  val_splits: []",
                    "  loader_threads: 1",
                    "train:",
                    "  averaging_frequency: 2",
                    "  checkpoint_every_steps: 4",
                    "  keep_last: 2",
                    "");

    @TempDir Path dir;
    private LoopbackSparkCluster cluster;
    private Path db;
    private Path config;
    private Path corpus;

    @BeforeEach
    void startCluster() throws Exception {
        db = dir.resolve("catalog");
        config = dir.resolve("run.yaml");
        Files.writeString(config, CONFIG);
        Path manifest = DemoSubset.write(dir.resolve("corpus"), 1.5, Map.of("train", 32));
        corpus = manifest.getParent();
        CliRun imported =
                CliRun.run(
                        db,
                        "dataset",
                        "import",
                        "--format",
                        "nemo",
                        "--name",
                        "demo",
                        manifest.toString());
        assertThat(imported.exit()).as(imported.err()).isZero();
        cluster = new LoopbackSparkCluster(Files.createDirectories(dir.resolve("cluster")), 2);
    }

    @AfterEach
    void stopCluster() {
        if (cluster != null) {
            cluster.close();
        }
    }

    @Test
    void aRunWithAWorkerKilledMidRunCompletesOnTheSurvivorWithItsLossFalling() throws Exception {
        Path run = dir.resolve("run");
        CompletableFuture<CliRun> training =
                CompletableFuture.supplyAsync(
                        () ->
                                CliRun.run(
                                        db,
                                        args(
                                                "train",
                                                "--config",
                                                config.toString(),
                                                "--dataset",
                                                "demo",
                                                "--out",
                                                run.toString(),
                                                "--max-steps",
                                                String.valueOf(STEPS))));

        long killedAt = awaitEvent(run.resolve("events.jsonl"), "step", 1, training);
        cluster.killWorker(1);
        CliRun done = training.get(6, TimeUnit.MINUTES);

        assertThat(done.exit()).as(done.err() + cluster.logs()).isZero();
        List<JsonNode> steps = events(run, "step");
        assertThat(killedAt).isLessThan(STEPS);
        assertThat(steps.get(steps.size() - 1).path("step").asLong()).isEqualTo(STEPS);
        assertThat(events(run, "finished")).hasSize(1);
        // a round's loss depends on its utterances' lengths: compare the halves of the run
        int half = steps.size() / 2;
        double first =
                steps.subList(0, half).stream()
                        .mapToDouble(e -> e.path("loss").asDouble())
                        .average()
                        .orElseThrow();
        double last =
                steps.subList(steps.size() - half, steps.size()).stream()
                        .mapToDouble(e -> e.path("loss").asDouble())
                        .average()
                        .orElseThrow();
        System.out.println(
                "worker killed after step "
                        + killedAt
                        + "; loss per round: "
                        + steps.stream().map(e -> e.path("step") + "=" + e.path("loss")).toList());
        assertThat(last)
                .as("mean loss of the last rounds vs the first: %s", steps)
                .isLessThan(first);

        // the Spark run's checkpoint is an ordinary one: the local transcribe path loads it
        Path clip;
        try (Stream<Path> folders = Files.list(corpus.resolve("audio"))) {
            Path audio = folders.findFirst().orElseThrow();
            try (Stream<Path> clips = Files.list(audio)) {
                clip = clips.findFirst().orElseThrow();
            }
        }
        CliRun transcribed =
                CliRun.run(db, "transcribe", "--model", run.toString(), clip.toString());
        assertThat(transcribed.exit()).as(transcribed.err()).isZero();
        assertThat(transcribed.lines()).hasSize(1);
    }

    @Test
    void aRunWhoseDriverWasKilledResumesFromItsNewestCheckpointAndCompletes() throws Exception {
        Path run = dir.resolve("run");
        List<String> command =
                new ArrayList<>(
                        List.of(
                                Path.of(System.getProperty("java.home"), "bin", "java")
                                        .toString()));
        command.addAll(List.of(JavaModuleOptions.defaultModuleOptions().split(" ")));
        command.addAll(
                List.of(
                        "-Dlogback.configurationFile=asrwb-cli-logback.xml",
                        "-cp",
                        LoopbackSparkCluster.classPath(),
                        Main.class.getName(),
                        "--db",
                        db.toString()));
        command.addAll(
                List.of(
                        args(
                                "train",
                                "--config",
                                config.toString(),
                                "--dataset",
                                "demo",
                                "--out",
                                run.toString(),
                                "--max-steps",
                                String.valueOf(STEPS))));
        Process driver =
                new ProcessBuilder(command)
                        .redirectErrorStream(true)
                        .redirectOutput(dir.resolve("driver.log").toFile())
                        .start();
        CompletableFuture<CliRun> exited =
                driver.onExit()
                        .thenApply(
                                p ->
                                        new CliRun(
                                                p.exitValue(),
                                                "",
                                                read(dir.resolve("driver.log"))));
        long checkpointed = awaitEvent(run.resolve("events.jsonl"), "checkpoint", 1, exited);
        driver.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
        assertThat(checkpointed).isLessThan(STEPS);

        CliRun resumed = CliRun.run(db, args("resume", run.toString()));

        assertThat(resumed.exit()).as(resumed.err() + cluster.logs()).isZero();
        assertThat(events(run, "started"))
                .filteredOn(e -> e.path("resumed").asBoolean())
                .singleElement()
                .satisfies(
                        e ->
                                assertThat(e.path("step").asLong())
                                        .isGreaterThanOrEqualTo(checkpointed));
        assertThat(events(run, "finished"))
                .singleElement()
                .satisfies(e -> assertThat(e.path("step").asLong()).isEqualTo(STEPS));
    }

    /** {@code command} with the cluster's options: two replicas, the test's classes on executors. */
    private String[] args(String... command) {
        List<String> all = new ArrayList<>(List.of(command));
        all.addAll(
                List.of(
                        "--spark-master",
                        cluster.url(),
                        "--spark-replicas",
                        "2",
                        "--spark-executor-classpath",
                        LoopbackSparkCluster.classPath(),
                        // the driver on loopback too, like the cluster (not the box's first
                        // interface)
                        "--spark-conf",
                        "spark.driver.host=127.0.0.1"));
        return all.toArray(String[]::new);
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            return e.toString();
        }
    }

    /** Waits until events.jsonl holds the {@code count}-th event of {@code type}; returns its step. */
    private static long awaitEvent(
            Path events, String type, int count, CompletableFuture<CliRun> run) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(4);
        while (System.nanoTime() < deadline) {
            if (Files.isRegularFile(events)) {
                List<JsonNode> seen = new ArrayList<>();
                for (String line : Files.readAllLines(events)) {
                    try {
                        JsonNode e = JSON.readTree(line);
                        if (e.path("type").asText().equals(type)) {
                            seen.add(e);
                        }
                    } catch (IOException partialLine) {
                        // being written
                    }
                }
                if (seen.size() >= count) {
                    return seen.get(count - 1).path("step").asLong();
                }
            }
            if (run.isDone()) {
                throw new AssertionError(
                        "the run ended before its "
                                + count
                                + ". "
                                + type
                                + " event: "
                                + run.get().err());
            }
            Thread.sleep(50);
        }
        throw new AssertionError("no " + type + " event within 4 minutes");
    }

    private static List<JsonNode> events(Path runDir, String type) throws IOException {
        List<JsonNode> out = new ArrayList<>();
        for (String line : Files.readAllLines(runDir.resolve("events.jsonl"))) {
            if (!line.isBlank()) {
                try {
                    JsonNode e = JSON.readTree(line);
                    if (e.path("type").asText().equals(type)) {
                        out.add(e);
                    }
                } catch (IOException torn) {
                    // a line a kill cut off
                }
            }
        }
        return out;
    }
}
