package io.asrwb.engine.store;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * {@link CatalogSubprocessMain} in a fresh JVM on this test run's class path, talked to by lines:
 * what it says on stdout (log lines skipped), what it is told on stdin.
 */
public final class Subprocess implements AutoCloseable {

    private final Process process;
    private final Path db;
    private final BufferedReader out;
    private final PrintWriter in;
    private final List<String> seen = new ArrayList<>();

    private Subprocess(Process process, Path db) {
        this.process = process;
        this.db = db;
        this.out =
                new BufferedReader(
                        new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
        this.in = new PrintWriter(process.getOutputStream(), true, StandardCharsets.UTF_8);
    }

    static Process start(String mode, Path db, String... more) throws IOException {
        return start(List.of(), mode, db, more);
    }

    public static Subprocess talk(String mode, Path db, String... more) throws IOException {
        return new Subprocess(start(mode, db, more), db);
    }

    /** Like {@link #talk} with {@code jvmOptions} (such as {@code -Dname=value}) for the child JVM. */
    public static Subprocess talkWith(List<String> jvmOptions, String mode, Path db, String... more)
            throws IOException {
        return new Subprocess(start(jvmOptions, mode, db, more), db);
    }

    /** Like {@link #talk}, the JVM started through {@code wrapper} (such as {@code unshare -n}). */
    public static Subprocess talkThrough(List<String> wrapper, String mode, Path db, String... more)
            throws IOException {
        return new Subprocess(start(wrapper, List.of(), mode, db, more), db);
    }

    private static Process start(List<String> jvmOptions, String mode, Path db, String... more)
            throws IOException {
        return start(List.of(), jvmOptions, mode, db, more);
    }

    private static Process start(
            List<String> wrapper, List<String> jvmOptions, String mode, Path db, String... more)
            throws IOException {
        List<String> cmd = new ArrayList<>(wrapper);
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.addAll(jvmOptions);
        cmd.addAll(
                List.of(
                        "-cp",
                        System.getProperty("java.class.path"),
                        CatalogSubprocessMain.class.getName(),
                        mode,
                        db.toString()));
        cmd.addAll(List.of(more));
        return new ProcessBuilder(cmd).redirectErrorStream(true).start();
    }

    public Process process() {
        return process;
    }

    /** The catalog it was started on. */
    public Path dbPath() {
        return db;
    }

    /** Reads until a line starting with {@code prefix} and returns it; fails if the child ends first. */
    public String await(String prefix) throws IOException {
        String line;
        while ((line = out.readLine()) != null) {
            seen.add(line);
            if (line.startsWith(prefix)) {
                return line;
            }
        }
        throw new AssertionError(
                "the child ended before saying '"
                        + prefix
                        + "'; it said:\n"
                        + String.join("\n", seen));
    }

    public void tell(String line) {
        in.println(line);
    }

    /** Closes its stdin (the modes that hold the catalog then close it and exit) and waits. */
    public int finish() throws IOException, InterruptedException {
        in.close();
        String line;
        while ((line = out.readLine()) != null) {
            seen.add(line);
        }
        if (!process.waitFor(60, TimeUnit.SECONDS)) {
            throw new AssertionError("the child did not exit");
        }
        return process.exitValue();
    }

    public List<String> said() {
        return List.copyOf(seen);
    }

    @Override
    public void close() {
        process.destroyForcibly();
    }
}
