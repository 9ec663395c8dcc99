package io.asrwb.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.asrwb.engine.testing.MainFileSizes;
import java.nio.file.Path;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Issue 14's gate: no engine main-code file over {@link MainFileSizes#MAX_LINES} lines. */
class MainFileSizeTest {

    @Test
    void noMainFileIsOverTheLimit() {
        assertThat(MainFileSizes.violations(Path.of("src/main/java"), Set.of()))
                .as("engine main-code files over %d lines", MainFileSizes.MAX_LINES)
                .isEmpty();
    }
}
