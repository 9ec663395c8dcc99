package io.asrwb.engine.model.layers;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** Runs {@link MallocThreshold#pin} in fresh JVMs: the call reaches glibc, and a user's choice wins. */
class MallocThresholdTest {

    @Test
    void pinsTheThresholdWhenTheEnvironmentLeavesItOpen() throws Exception {
        assertThat(runPin(false)).isEqualTo("true");
    }

    @Test
    void leavesAThresholdTheUserSetAlone() throws Exception {
        assertThat(runPin(true)).isEqualTo("false");
    }

    private static String runPin(boolean userSetIt) throws Exception {
        List<String> command =
                new ArrayList<>(
                        List.of(
                                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                                "-cp",
                                System.getProperty("java.class.path"),
                                Child.class.getName()));
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(false);
        pb.environment().remove(MallocThreshold.VARIABLE);
        if (userSetIt) {
            pb.environment().put(MallocThreshold.VARIABLE, "1048576");
        }
        Process p = pb.start();
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        String out = new String(p.getInputStream().readAllBytes(), UTF_8).strip();
        assertThat(p.exitValue()).as(out).isZero();
        return out;
    }

    /** The child JVM: prints what {@link MallocThreshold#pin} answered. */
    public static final class Child {
        public static void main(String[] args) {
            System.out.println(MallocThreshold.pin());
        }
    }
}
