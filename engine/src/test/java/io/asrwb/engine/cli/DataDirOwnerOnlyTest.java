package io.asrwb.engine.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.asrwb.engine.files.OwnerOnly;
import io.asrwb.engine.store.AppDirs;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The data dir is the workbench's own (owner-only) whichever command runs first: `transcribe`
 * before any catalog command used to leave it to ND4J, which unpacks into it with the umask (755).
 */
class DataDirOwnerOnlyTest {

    @TempDir Path dir;

    @Test
    void theFirstCommandEverMakesTheDataDirOwnerOnlyBeforeNd4jUnpacksIntoIt() throws Exception {
        assumeTrue(OwnerOnly.posix(dir), "needs POSIX permissions");
        Path home = dir.resolve("fresh").resolve("asrwb");
        // as ./asrwb starts it: javacpp's cache inside the data dir
        ProcessBuilder pb =
                new ProcessBuilder(
                                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                                "-D"
                                        + AppDirs.NATIVE_CACHE_PROPERTY
                                        + "="
                                        + home.resolve("javacpp"),
                                "-cp",
                                System.getProperty("java.class.path"),
                                Main.class.getName(),
                                "transcribe",
                                dir.resolve("missing.flac").toString())
                        .redirectErrorStream(true)
                        .redirectOutput(ProcessBuilder.Redirect.DISCARD);
        pb.environment().put(AppDirs.HOME_ENV, home.toString());
        Process p = pb.start();
        assertThat(p.waitFor(2, TimeUnit.MINUTES)).isTrue();

        assertThat(home).isDirectory();
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(home)))
                .isEqualTo("rwx------");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(home.getParent())))
                .isEqualTo("rwx------");
    }
}
