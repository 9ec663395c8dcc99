package io.asrwb.engine.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.asrwb.engine.events.EventCodec;
import io.asrwb.engine.train.RunAttempts;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/**
 * The CLI in a JVM of its own (to be SIGKILLed, or to train while this one acts on its folder),
 * and what a run folder's events.jsonl says, read as every reader must: each step once
 * ({@link RunAttempts}).
 */
final class TrainingChild {

    private static final ObjectMapper JSON = new ObjectMapper();

    private TrainingChild() {}

    /** {@code asrwb --db DB ARGS…} in a child JVM, its output discarded. */
    static Process start(Path db, String... args) throws IOException {
        String classPath =
                System.getProperty(
                        "surefire.test.class.path", System.getProperty("java.class.path"));
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        List<String> command =
                new ArrayList<>(
                        List.of(
                                java.toString(),
                                "-cp",
                                classPath,
                                Main.class.getName(),
                                "--db",
                                db.toString()));
        command.addAll(List.of(args));
        return new ProcessBuilder(command)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(ProcessBuilder.Redirect.DISCARD)
                .start();
    }

    /** Waits until the run's events.jsonl has a line that {@code wanted} accepts; returns it. */
    static JsonNode await(Path runDir, Predicate<JsonNode> wanted, Process child) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(3);
        while (System.nanoTime() < deadline) {
            for (JsonNode e : events(runDir)) {
                if (wanted.test(e)) {
                    return e;
                }
            }
            assertThat(child.isAlive())
                    .as("the training child exited before the awaited event")
                    .isTrue();
            Thread.sleep(5);
        }
        throw new AssertionError("the awaited event did not come within 3 minutes");
    }

    static Predicate<JsonNode> type(String type, long atLeastStep) {
        return e -> e.path("type").asText().equals(type) && e.path("step").asLong() >= atLeastStep;
    }

    /** SIGKILL: no shutdown hook, no last event. */
    static void kill(Process child) throws InterruptedException {
        child.destroyForcibly();
        assertThat(child.waitFor(30, TimeUnit.SECONDS)).isTrue();
    }

    /** Every complete line of the run's events.jsonl, as written (a line cut by a kill left out). */
    static List<JsonNode> events(Path runDir) throws IOException {
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
                    // being written, or cut off by a kill
                }
            }
        }
        return out;
    }

    /**
     * {@code field} of each {@code type} event by step, as the readers see them: each step from the
     * attempt that computed it last ({@link RunAttempts}); a step twice fails.
     */
    static Map<Long, Double> folded(Path runDir, String type, String field) throws IOException {
        RunAttempts.Fold<JsonNode> fold = new RunAttempts.Fold<>(e -> e.path("step").asLong());
        for (JsonNode e : events(runDir)) {
            EventCodec.decode(e.toString())
                    .map(RunAttempts::startsAt)
                    .filter(k -> k.isPresent())
                    .ifPresent(k -> fold.attemptStartsAt(k.getAsLong()));
            if (e.path("type").asText().equals(type)) {
                fold.add(e);
            }
        }
        Map<Long, Double> out = new TreeMap<>();
        for (JsonNode e : fold.points()) {
            Double was = out.put(e.path("step").asLong(), e.path(field).asDouble());
            assertThat(was).as(type + " at step " + e.path("step") + " once").isNull();
        }
        return out;
    }

    static Path demoManifest() {
        for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
            Path manifest = p.resolve("assets/demo-corpus/demo.jsonl");
            if (Files.isRegularFile(manifest)) {
                return manifest;
            }
        }
        throw new IllegalStateException(
                "assets/demo-corpus/demo.jsonl not found above the working dir");
    }
}
