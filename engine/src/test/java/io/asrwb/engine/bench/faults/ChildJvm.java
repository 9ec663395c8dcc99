package io.asrwb.engine.bench.faults;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Starts the processes the bench kills: the CLI ({@code io.asrwb.engine.cli.Main}, as {@code ./asrwb}
 * runs it) or a helper main, on this JVM's class path, with stdout and stderr in files of the work
 * folder's {@code logs/} (read back for the tables and for the reason of a failure).
 */
final class ChildJvm {

    private final Path root;
    private final Path work;

    /**
     * @param root the repository (assets/ for the presets)
     * @param work the bench's scratch folder
     */
    ChildJvm(Path root, Path work) {
        this.root = root;
        this.work = work;
    }

    /** {@code asrwb --db DB ARGS...}; {@code name} names its log files. */
    Process cli(String name, Path db, List<String> args, boolean shortCommand) throws IOException {
        List<String> command =
                new ArrayList<>(List.of("-Xmx1g", "-Dasrwb.assets=" + root.resolve("assets")));
        if (shortCommand) {
            command.add("-XX:TieredStopAtLevel=1"); // as ./asrwb runs an import
        }
        command.addAll(List.of("io.asrwb.engine.cli.Main", "--db", db.toString()));
        command.addAll(args);
        return start(name, command);
    }

    /** A helper main of the test classes, e.g. the catalog holder. */
    Process main(String name, String className, List<String> args) throws IOException {
        List<String> command = new ArrayList<>(List.of(className));
        command.addAll(args);
        return start(name, command);
    }

    private Process start(String name, List<String> jvmArgsAndMain) throws IOException {
        Path logs = Files.createDirectories(work.resolve("logs"));
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(
                List.of(
                        "-Xlog:disable",
                        "-Xlog:all=error:stderr",
                        "-cp",
                        System.getProperty("java.class.path")));
        command.addAll(jvmArgsAndMain);
        ProcessBuilder builder =
                new ProcessBuilder(command)
                        .redirectOutput(logs.resolve(name + ".out").toFile())
                        .redirectError(logs.resolve(name + ".err").toFile());
        // as ./asrwb: a flat resident set for ND4J's step arrays, and our own data dir
        builder.environment().putIfAbsent("MALLOC_MMAP_THRESHOLD_", "131072");
        builder.environment().put("ASRWB_HOME", work.resolve("home").toString());
        return builder.start();
    }

    String stdout(String name) {
        return read(work.resolve("logs").resolve(name + ".out"));
    }

    String stderr(String name) {
        return read(work.resolve("logs").resolve(name + ".err"));
    }

    /** Waits for {@code p}; kills it and returns -1 when it outlives {@code minutes}. */
    static int await(Process p, int minutes) throws InterruptedException {
        if (!p.waitFor(minutes, TimeUnit.MINUTES)) {
            p.destroyForcibly().waitFor();
            return -1;
        }
        return p.exitValue();
    }

    /** SIGKILL (Process.destroyForcibly on Linux): no shutdown hook, no close, no flush. */
    static void kill9(Process p) throws InterruptedException {
        p.destroyForcibly();
        p.waitFor();
    }

    private static String read(Path file) {
        try {
            return Files.isRegularFile(file) ? Files.readString(file, StandardCharsets.UTF_8) : "";
        } catch (IOException e) {
            return "(cannot read " + file + ": " + e.getMessage() + ")";
        }
    }
}
