package io.asrwb.engine.train;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The run folder's lock tells a live run from a dead one, in this process and in another. */
class RunLockTest {

    @TempDir Path runDir;

    @Test
    void aRunHeldInThisProcessIsLiveUntilClosed() throws Exception {
        assertThat(RunLock.holder(runDir)).isEmpty();
        try (RunLock lock = RunLock.acquire(runDir)) {
            assertThat(RunLock.holder(runDir))
                    .hasValueSatisfying(
                            h -> assertThat(h).startsWith(ProcessHandle.current().pid() + " on "));
            assertThatThrownBy(() -> RunLock.acquire(runDir))
                    .isInstanceOf(RunLaunchException.class)
                    .hasMessageContaining(
                            "is being trained right now by pid " + ProcessHandle.current().pid());
        }
        assertThat(RunLock.holder(runDir)).isEmpty();
        RunLock.acquire(runDir).close(); // free again
    }

    @Test
    void aKilledProcessLeavesNoLiveRun() throws Exception {
        String java = ProcessHandle.current().info().command().orElse("java");
        Process child =
                new ProcessBuilder(
                                java,
                                "-cp",
                                System.getProperty("java.class.path"),
                                HoldRunLock.class.getName(),
                                runDir.toString())
                        .redirectErrorStream(true)
                        .start();
        try {
            BufferedReader out =
                    new BufferedReader(
                            new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8));
            assertThat(out.readLine()).isEqualTo("locked");
            assertThat(RunLock.holder(runDir))
                    .hasValueSatisfying(h -> assertThat(h).startsWith(child.pid() + " on "));
            assertThatThrownBy(() -> RunLock.acquire(runDir))
                    .hasMessageContaining("pid " + child.pid());

            child.destroyForcibly(); // SIGKILL: no close, no shutdown hook
            assertThat(child.waitFor(30, TimeUnit.SECONDS)).isTrue();
            assertThat(RunLock.holder(runDir)).isEmpty();
            RunLock.acquire(runDir).close();
        } finally {
            child.destroyForcibly();
        }
    }

    /** A second process that trains nothing, only holds the run's lock until killed. */
    public static final class HoldRunLock {
        public static void main(String[] args) throws Exception {
            RunLock lock = RunLock.acquire(Path.of(args[0]));
            System.out.println("locked");
            System.out.flush();
            Thread.sleep(TimeUnit.MINUTES.toMillis(2));
            lock.close();
        }
    }
}
