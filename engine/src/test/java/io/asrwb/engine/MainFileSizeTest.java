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
        for (String root : new String[] {"src/main/java", "src/main/vector"}) {
            assertThat(MainFileSizes.violations(Path.of(root), Set.of()))
                    .as("engine main-code files in %s over %d lines", root, MainFileSizes.MAX_LINES)
                    .isEmpty();
        }
    }
}
