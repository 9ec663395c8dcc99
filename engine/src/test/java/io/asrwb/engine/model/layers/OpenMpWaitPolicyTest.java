package io.asrwb.engine.model.layers;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import com.sun.jna.Library;
import com.sun.jna.Native;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Runs {@link OpenMpWaitPolicy#sleepWhenIdle} in fresh JVMs: the process's own environment (what
 * OpenMP reads when it loads) then says PASSIVE, and a policy the user chose stays.
 */
class OpenMpWaitPolicyTest {

    @Test
    void asksForPassiveWaitingWhenTheEnvironmentLeavesItOpen() throws Exception {
        assertThat(run(null)).isEqualTo("true PASSIVE");
    }

    @Test
    void leavesAPolicyTheUserSetAlone() throws Exception {
        assertThat(run("ACTIVE")).isEqualTo("false ACTIVE");
    }

    private static String run(String userPolicy) throws Exception {
        ProcessBuilder pb =
                new ProcessBuilder(
                        List.of(
                                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                                "-cp",
                                System.getProperty("java.class.path"),
                                Child.class.getName()));
        pb.environment().remove(OpenMpWaitPolicy.VARIABLE);
        if (userPolicy != null) {
            pb.environment().put(OpenMpWaitPolicy.VARIABLE, userPolicy);
        }
        Process p = pb.start();
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        String out = new String(p.getInputStream().readAllBytes(), UTF_8).strip();
        assertThat(p.exitValue()).as(out).isZero();
        return out;
    }

    /** The C library's view of the environment, which Java's {@code System.getenv} snapshot is not. */
    interface Environment extends Library {
        String getenv(String name);
    }

    /** The child JVM: prints what the call answered and what the C library now reads. */
    public static final class Child {
        public static void main(String[] args) {
            boolean set = OpenMpWaitPolicy.sleepWhenIdle();
            Environment c = Native.loadLibrary("c", Environment.class);
            System.out.println(set + " " + c.getenv(OpenMpWaitPolicy.VARIABLE));
        }
    }
}
