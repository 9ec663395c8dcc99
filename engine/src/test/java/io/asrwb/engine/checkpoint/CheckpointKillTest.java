package io.asrwb.engine.checkpoint;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Kills (SIGKILL, no shutdown hooks, no flush) a real JVM that saves checkpoints in a loop, at a
 * random moment, several times over the same run folder; after each kill the store must yield a
 * complete, loadable checkpoint at least as new as the last save the child reported finished.
 */
class CheckpointKillTest {

    private static final Logger LOG = LoggerFactory.getLogger(CheckpointKillTest.class);
    private static final int ROUNDS = 3;

    @TempDir Path runDir;

    @Test
    void aKilledWriterAlwaysLeavesACompleteLoadableCheckpoint() throws Exception {
        long seed = System.nanoTime();
        LOG.info("kill moments drawn with seed {}", seed);
        Random killMoments = new Random(seed);
        long lastReportedSave = 0;
        for (int round = 1; round <= ROUNDS; round++) {
            long reported = runChildAndKill(killMoments.nextInt(400));
            lastReportedSave = Math.max(lastReportedSave, reported);
            List<String> leftovers = hiddenEntries();

            CheckpointStore store = CheckpointStore.open(runDir, new RetentionPolicy(3, 1));
            Checkpoint latest = store.latest().orElseThrow();
            LoadedCheckpoint loaded =
                    store.load(latest, TinyGraphs.identity(TinyGraphs.newGraph(false)));

            LOG.info(
                    "round {} (seed {}): child reported save {}, store yields step {}, leftovers"
                            + " {}",
                    round,
                    seed,
                    reported,
                    latest.step(),
                    leftovers);
            assertThat(latest.step()).isGreaterThanOrEqualTo(lastReportedSave);
            assertThat(loaded.state().step()).isEqualTo(latest.step());
            assertThat(loaded.graph().params().isNaN().any()).isFalse();
            assertThat(hiddenEntries()).noneMatch(name -> name.startsWith(".tmp-"));
        }
    }

    /** Runs the child until it has saved once, waits {@code delayMillis}, kills it; last save. */
    private long runChildAndKill(int delayMillis) throws Exception {
        Process child = startChild();
        AtomicLong lastSave = new AtomicLong();
        BlockingQueue<Long> saves = new LinkedBlockingQueue<>();
        Thread reader = new Thread(() -> readSaves(child, lastSave, saves), "child-stdout");
        reader.setDaemon(true);
        reader.start();
        try {
            Long first = saves.poll(90, TimeUnit.SECONDS);
            assertThat(first)
                    .as("child saved a checkpoint within 90 s (is it running?)")
                    .isNotNull();
            Thread.sleep(delayMillis);
        } finally {
            child.destroyForcibly();
            child.waitFor(30, TimeUnit.SECONDS);
            reader.join(5_000);
        }
        return lastSave.get();
    }

    private Process startChild() throws IOException {
        String classPath =
                System.getProperty(
                        "surefire.test.class.path", System.getProperty("java.class.path"));
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        ProcessBuilder builder =
                new ProcessBuilder(
                        java.toString(),
                        "-cp",
                        classPath,
                        "-Xmx256m",
                        "-Dorg.bytedeco.javacpp.cachedir="
                                + System.getProperty("org.bytedeco.javacpp.cachedir", ""),
                        CheckpointWritingChild.class.getName(),
                        runDir.toString());
        builder.redirectError(ProcessBuilder.Redirect.DISCARD);
        return builder.start();
    }

    private static void readSaves(Process child, AtomicLong lastSave, BlockingQueue<Long> saves) {
        try (BufferedReader out =
                new BufferedReader(
                        new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = out.readLine()) != null) {
                if (line.startsWith("saved ")) {
                    long step = Long.parseLong(line.substring("saved ".length()).trim());
                    lastSave.set(step);
                    saves.add(step);
                }
            }
        } catch (IOException killed) {
            // the pipe closes when the child dies: that is the point of the test
        }
    }

    private List<String> hiddenEntries() throws IOException {
        try (Stream<Path> entries = Files.list(runDir.resolve(CheckpointStore.DIRECTORY))) {
            return entries.map(path -> path.getFileName().toString())
                    .filter(name -> name.startsWith("."))
                    .toList();
        }
    }
}
