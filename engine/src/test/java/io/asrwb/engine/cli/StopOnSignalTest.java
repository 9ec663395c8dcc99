package io.asrwb.engine.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.asrwb.engine.store.Catalog;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * TERM to a real JVM holding a real H2 catalog: the command is asked to stop while the JVM is not
 * shutting down (a shutdown hook's JVM halts once the hooks are done, wherever the command is: it
 * cut {@code job attach} between printing a line and saving the offset after it), writes its end to
 * the catalog and exits with a shell's 143; a second signal ends a command that does not stop.
 */
class StopOnSignalTest {

    @TempDir Path dir;

    @Test
    void termAsksTheCommandToStopAndItStillWritesTheCatalog() throws Exception {
        Path out = dir.resolve("out.txt");
        Process child = start(out, "ask");
        awaitLine(out, "ready", child);

        child.destroy(); // SIGTERM

        assertThat(child.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(Files.readAllLines(out))
                .containsSubsequence("stop asked", "not shutting down", "recorded");
        assertThat(child.exitValue()).isEqualTo(143);
        try (Catalog catalog = Catalog.open(dir.resolve("catalog"));
                Statement s = catalog.connect().createStatement();
                ResultSet r = s.executeQuery("SELECT name FROM datasets")) {
            assertThat(r.next()).isTrue();
            assertThat(r.getString(1)).isEqualTo("stopped at step 7");
        }
    }

    @Test
    void aSecondSignalEndsACommandThatDoesNotStop() throws Exception {
        Path out = dir.resolve("out.txt");
        Process child = start(out, "deaf");
        awaitLine(out, "ready", child);

        child.destroy();
        awaitLine(out, "stop asked", child);
        child.destroy();

        assertThat(child.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(child.exitValue()).isEqualTo(143);
        assertThat(Files.readAllLines(out)).doesNotContain("recorded");
    }

    private Process start(Path out, String mode) throws IOException {
        String classPath =
                System.getProperty(
                        "surefire.test.class.path", System.getProperty("java.class.path"));
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        return new ProcessBuilder(
                        List.of(
                                java.toString(),
                                "-cp",
                                classPath,
                                StopOnSignalChild.class.getName(),
                                dir.resolve("catalog").toString(),
                                mode))
                .redirectErrorStream(true)
                .redirectOutput(out.toFile())
                .start();
    }

    private static void awaitLine(Path out, String line, Process child) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(1);
        while (System.nanoTime() < deadline) {
            if (Files.isRegularFile(out) && Files.readAllLines(out).contains(line)) {
                return;
            }
            assertThat(child.isAlive())
                    .as(() -> "the child ended before printing " + line + ": " + read(out))
                    .isTrue();
            Thread.sleep(20);
        }
        throw new AssertionError("no line " + line + " within a minute: " + read(out));
    }

    private static String read(Path out) {
        try {
            return Files.readString(out);
        } catch (IOException e) {
            return e.toString();
        }
    }
}
