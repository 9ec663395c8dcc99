package io.asrwb.engine.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MainFileSizesTest {

    @TempDir Path root;

    @Test
    void namesAFileOverTheLimitWithItsLengthAndTheFix() throws IOException {
        write("a/Big.java", 301);
        write("a/AtTheLimit.java", 300);
        write("b/notes.txt", 400);

        assertThat(MainFileSizes.violations(root, Set.of()))
                .singleElement()
                .asString()
                .startsWith("a/Big.java has 301 lines (at most 300)")
                .contains("split it by concern");
    }

    @Test
    void letsAListedExceptionThroughWhileItIsOver() throws IOException {
        write("a/Big.java", 301);

        assertThat(MainFileSizes.violations(root, Set.of("a/Big.java"))).isEmpty();
    }

    @Test
    void reportsAnExceptionThatIsNoLongerNeeded() throws IOException {
        write("a/Split.java", 120);

        assertThat(MainFileSizes.violations(root, Set.of("a/Split.java", "a/Gone.java")))
                .containsExactly(
                        "a/Split.java has 120 lines, within the limit: remove it from the test's"
                                + " temporary exceptions",
                        "a/Gone.java is listed as a temporary exception but does not exist: remove"
                                + " it from the list");
    }

    @Test
    void countsALastLineWithoutNewline() throws IOException {
        Path file = root.resolve("A.java");
        Files.writeString(file, "class A {\n}");

        assertThat(MainFileSizes.lineCount(file)).isEqualTo(2);
    }

    @Test
    void refusesAMissingSourceFolder() {
        assertThatThrownBy(() -> MainFileSizes.violations(root.resolve("nope"), Set.of()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("run the test from the module's folder");
    }

    private void write(String name, int lines) throws IOException {
        Path file = root.resolve(name);
        Files.createDirectories(file.getParent());
        Files.writeString(file, "//\n".repeat(lines));
    }
}
