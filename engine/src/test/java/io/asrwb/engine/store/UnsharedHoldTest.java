package io.asrwb.engine.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The unshared holder's mark: read only while the process it names lives, removed by its owner. */
class UnsharedHoldTest {

    @TempDir Path dir;

    @Test
    void aMarkCountsWhileItsProcessLivesAndNotForItsOwnWriter() throws Exception {
        Path db = dir.resolve("catalog");
        assertThat(UnsharedHold.holder(db)).isEmpty();

        UnsharedHold.mark(db);
        assertThat(UnsharedHold.holder(db)).as("this process's own mark").isEmpty();
        assertThat(
                        PosixFilePermissions.toString(
                                Files.getPosixFilePermissions(UnsharedHold.fileOf(db))))
                .isEqualTo("rw-------");

        Process other = new ProcessBuilder("sleep", "60").start();
        try {
            Files.writeString(UnsharedHold.fileOf(db), Long.toString(other.pid()));
            assertThat(UnsharedHold.holder(db)).hasValue(other.pid());
            UnsharedHold.unmark(db);
            assertThat(UnsharedHold.fileOf(db)).as("another process's mark stays").exists();
        } finally {
            other.destroyForcibly();
            assertThat(other.waitFor(30, TimeUnit.SECONDS)).isTrue();
        }
        assertThat(UnsharedHold.holder(db)).as("a killed holder's mark").isEmpty();

        Files.writeString(UnsharedHold.fileOf(db), "not a pid");
        assertThat(UnsharedHold.holder(db)).isEmpty();

        UnsharedHold.mark(db);
        UnsharedHold.unmark(db);
        assertThat(UnsharedHold.fileOf(db)).doesNotExist();
    }
}
