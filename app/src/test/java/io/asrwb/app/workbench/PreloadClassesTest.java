package io.asrwb.app.workbench;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PreloadClassesTest {

    /** Set by {@link Witness}'s initialiser (a field of its own would initialise it when read). */
    static volatile boolean witnessInitialised;

    /** Preloading must load it without running its initialiser. */
    static final class Witness {
        static {
            witnessInitialised = true;
        }

        private Witness() {}
    }

    @Test
    void loadsTheListedClassesWithoutInitialisingThemAndCountsTheGoneOnes(@TempDir Path dir)
            throws Exception {
        Path list = dir.resolve("classes.txt");
        Files.writeString(
                list,
                "# a comment\n\n"
                        + Witness.class.getName()
                        + "\n  picocli.CommandLine  \nio.asrwb.NoSuchClass\n");

        List<String> names = PreloadClasses.names(list);
        PreloadClasses.Counts counts = PreloadClasses.preload(names, getClass().getClassLoader());

        assertThat(names)
                .containsExactly(
                        Witness.class.getName(), "picocli.CommandLine", "io.asrwb.NoSuchClass");
        assertThat(counts).isEqualTo(new PreloadClasses.Counts(2, 1));
        assertThat(witnessInitialised).isFalse();
    }

    @Test
    void theStartupListStillNamesClassesThatExist() throws Exception {
        List<String> names = PreloadClasses.names(Path.of("src/main/cds/startup-classes.txt"));
        PreloadClasses.Counts counts = PreloadClasses.preload(names, getClass().getClassLoader());

        assertThat(names).hasSizeGreaterThan(3000);
        assertThat(counts.refused())
                .as(
                        "classes in app/src/main/cds/startup-classes.txt that no longer load: "
                                + "run bench/startup-class-list.sh to write it again")
                .isLessThanOrEqualTo(names.size() / 20);
    }
}
