package io.asrwb.engine.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * A test's need of a system program (espeak-ng, sox…): on a developer's machine without it the
 * test skips with the reason; where {@code .ci/run} installed it ({@code ASRWB_TEST_TOOLS_STRICT=1})
 * its absence fails the test, so CI never skips one silently.
 */
public final class SystemTools {

    private SystemTools() {}

    public static void require(boolean present, String what) {
        if ("1".equals(System.getenv("ASRWB_TEST_TOOLS_STRICT"))) {
            assertThat(present).as(what + ", which .ci/run installs, is missing").isTrue();
        }
        assumeTrue(present, "needs " + what);
    }
}
