package io.asrwb.app;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.asrwb.engine.cli.Main;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The engine's CLI as a user runs it beside the app: a training in a JVM of its own, SIGKILLed
 * once its events.jsonl reports a given step (the app's view models then read what it left).
 */
public final class CliChild {

    private static final ObjectMapper JSON = new ObjectMapper();

    private CliChild() {}

    /**
     * Starts {@code asrwb --db DB ARGS…} in a child JVM, waits until {@code runDir}'s events.jsonl
     * reports step {@code step} or later, and SIGKILLs it.
     */
    public static void killAtStep(Path db, Path runDir, long step, String... args)
            throws Exception {
        String classPath =
                System.getProperty(
                        "surefire.test.class.path", System.getProperty("java.class.path"));
        List<String> command =
                new ArrayList<>(
                        List.of(
                                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                                "-cp",
                                classPath,
                                Main.class.getName(),
                                "--db",
                                db.toString()));
        command.addAll(List.of(args));
        Process child =
                new ProcessBuilder(command)
                        .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                        .redirectError(ProcessBuilder.Redirect.DISCARD)
                        .start();
        try {
            long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(3);
            while (stepsReported(runDir) < step) {
                if (!child.isAlive() || System.nanoTime() > deadline) {
                    throw new AssertionError(
                            "the training child did not reach step "
                                    + step
                                    + " (exit "
                                    + (child.isAlive() ? "none: still running" : child.exitValue())
                                    + ")");
                }
                Thread.sleep(5);
            }
        } finally {
            child.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
        }
    }

    /** Runs {@code asrwb --db DB ARGS…} in this JVM; returns its exit code, stderr on failure. */
    public static int run(Path db, String... args) {
        StringWriter err = new StringWriter();
        List<String> all = new ArrayList<>(List.of("--db", db.toString()));
        all.addAll(List.of(args));
        int exit =
                Main.commandLine(
                                new PrintWriter(new StringWriter(), true),
                                new PrintWriter(err, true))
                        .execute(all.toArray(String[]::new));
        if (exit != 0) {
            throw new AssertionError("asrwb " + all + " exited " + exit + ": " + err);
        }
        return exit;
    }

    /** The complete lines of the run's events.jsonl, as written. */
    public static List<String> lines(Path runDir) throws IOException {
        Path file = runDir.resolve("events.jsonl");
        return Files.isRegularFile(file) ? Files.readAllLines(file) : List.of();
    }

    /** Each step line's step and loss, in the order written (repeats and all). */
    public static List<double[]> rawSteps(Path runDir) throws IOException {
        List<double[]> out = new ArrayList<>();
        for (String line : lines(runDir)) {
            JsonNode e = parse(line);
            if (e != null && e.path("type").asText().equals("step")) {
                out.add(new double[] {e.path("step").asLong(), e.path("loss").asDouble()});
            }
        }
        return out;
    }

    private static long stepsReported(Path runDir) throws IOException {
        return rawSteps(runDir).stream().mapToLong(s -> (long) s[0]).max().orElse(0);
    }

    private static JsonNode parse(String line) {
        try {
            return line.isBlank() ? null : JSON.readTree(line);
        } catch (IOException torn) {
            return null;
        }
    }
}
