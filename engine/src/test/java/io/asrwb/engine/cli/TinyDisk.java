package io.asrwb.engine.cli;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A full disk without root: CLI commands run in a user and mount namespace of their own
 * ({@code unshare --user --map-root-user --mount}) where a folder is a tmpfs of a few hundred KB.
 * The tmpfs lives as long as the namespace, so the commands of one test run in one shell, each
 * JVM's output written outside it. Skips where unprivileged namespaces are off.
 */
final class TinyDisk {

    /** What one command printed and returned. */
    record Result(int exit, String out, String err) {}

    private TinyDisk() {}

    /** Skips the test unless a mount namespace with a tmpfs can be made here. */
    static void assumeAvailable(Path scratch) throws Exception {
        Path mnt = Files.createDirectories(scratch.resolve("probe-mnt"));
        Process p =
                new ProcessBuilder(
                                "unshare",
                                "--user",
                                "--map-root-user",
                                "--mount",
                                "sh",
                                "-c",
                                "mount -t tmpfs -o size=64k tmpfs \"$0\"",
                                mnt.toString())
                        .redirectErrorStream(true)
                        .start();
        String said = new String(p.getInputStream().readAllBytes(), UTF_8);
        boolean ok = p.waitFor(30, TimeUnit.SECONDS) && p.exitValue() == 0;
        assumeTrue(
                ok,
                "no unprivileged mount namespace here (unshare --user --mount: "
                        + said.strip()
                        + "); the full-disk tests need one");
    }

    /**
     * Mounts a tmpfs of {@code size} (e.g. "300k") on {@code mountPoint}, then runs each of
     * {@code commands} (the CLI's arguments) in turn in a fresh JVM; {@code work} holds the output.
     */
    static List<Result> run(Path work, Path mountPoint, String size, List<List<String>> commands)
            throws Exception {
        Files.createDirectories(mountPoint);
        String classPath =
                System.getProperty(
                        "surefire.test.class.path", System.getProperty("java.class.path"));
        // mode=700: owner-only, as a folder made for a catalog is; a tmpfs is 1777 by default and
        // the catalog would warn that others can enter it
        StringBuilder script =
                new StringBuilder(
                        "mount -t tmpfs -o size="
                                + size
                                + ",mode=700 tmpfs '"
                                + mountPoint
                                + "' || exit 97\n");
        List<String> java =
                new ArrayList<>(
                        List.of(
                                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                                "-cp",
                                classPath,
                                "-Dlogback.configurationFile=asrwb-cli-logback.xml"));
        String cache = System.getProperty("org.bytedeco.javacpp.cachedir");
        if (cache != null) {
            java.add("-Dorg.bytedeco.javacpp.cachedir=" + cache);
        }
        java.add(Main.class.getName());
        for (int i = 0; i < commands.size(); i++) {
            List<String> line = new ArrayList<>(java);
            line.addAll(commands.get(i));
            for (String word : line) {
                script.append('\'').append(word.replace("'", "'\\''")).append("' ");
            }
            script.append(">'")
                    .append(work.resolve("out" + i))
                    .append("' 2>'")
                    .append(work.resolve("err" + i))
                    .append("'; echo $? >'")
                    .append(work.resolve("rc" + i))
                    .append("'\n");
        }
        Process p =
                new ProcessBuilder(
                                "unshare",
                                "--user",
                                "--map-root-user",
                                "--mount",
                                "sh",
                                "-c",
                                script.toString())
                        .redirectErrorStream(true)
                        .redirectOutput(work.resolve("shell.log").toFile())
                        .start();
        if (!p.waitFor(10, TimeUnit.MINUTES)) {
            p.destroyForcibly();
            throw new IllegalStateException(
                    "the commands on the tiny disk did not end in 10 minutes");
        }
        if (p.exitValue() == 97) {
            throw new IllegalStateException(
                    "cannot mount the tmpfs: " + Files.readString(work.resolve("shell.log")));
        }
        List<Result> results = new ArrayList<>();
        for (int i = 0; i < commands.size(); i++) {
            results.add(
                    new Result(
                            Integer.parseInt(Files.readString(work.resolve("rc" + i)).strip()),
                            Files.readString(work.resolve("out" + i)),
                            Files.readString(work.resolve("err" + i))));
        }
        return results;
    }

    static Path demoManifest() throws IOException {
        for (Path d = Path.of("").toAbsolutePath(); d != null; d = d.getParent()) {
            Path m = d.resolve("assets/demo-corpus/demo.jsonl");
            if (Files.isRegularFile(m)) {
                return m;
            }
        }
        throw new IllegalStateException(
                "assets/demo-corpus/demo.jsonl not found above the working dir");
    }
}
