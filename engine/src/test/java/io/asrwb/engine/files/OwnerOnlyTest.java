package io.asrwb.engine.files;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class OwnerOnlyTest {

    @TempDir Path dir;

    @BeforeEach
    void posixOnly() {
        assumeTrue(OwnerOnly.posix(dir), "needs POSIX permissions");
    }

    @Test
    void everyFolderMadeIsItsOwnersAndFoldersThatExistAreLeftAlone() throws Exception {
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path deep = dir.resolve("a").resolve("b").resolve("c");
        assertThat(OwnerOnly.createDirectories(deep)).isEqualTo(deep);
        for (Path p : new Path[] {dir.resolve("a"), dir.resolve("a/b"), deep}) {
            assertThat(perms(p)).as("%s", p).isEqualTo("rwx------");
        }
        assertThat(perms(dir)).isEqualTo("rwxr-xr-x");
        OwnerOnly.createDirectories(deep); // again: nothing to do, no failure
        OwnerOnly.createDirectory(deep);
    }

    @Test
    void aFileOpenedIntoBeingIsItsOwnersAndRestrictNarrowsOnesMadeElsewhere() throws Exception {
        Path file = dir.resolve("state");
        OwnerOnly.open(file, Set.of(StandardOpenOption.CREATE, StandardOpenOption.WRITE)).close();
        assertThat(perms(file)).isEqualTo("rw-------");

        Path h2s = Files.writeString(dir.resolve("h2.db"), "x");
        Files.setPosixFilePermissions(h2s, PosixFilePermissions.fromString("rw-r--r--"));
        OwnerOnly.restrict(h2s);
        assertThat(perms(h2s)).isEqualTo("rw-------");
        OwnerOnly.restrict(dir.resolve("missing")); // nothing there, nothing done
    }

    @Test
    void aFolderOthersCanEnterIsReported() throws Exception {
        Path folder = Files.createDirectory(dir.resolve("f"));
        Files.setPosixFilePermissions(folder, PosixFilePermissions.fromString("rwx-----x"));
        assertThat(OwnerOnly.openToOthers(folder)).contains("rwx-----x");
        Files.setPosixFilePermissions(folder, PosixFilePermissions.fromString("rwx------"));
        assertThat(OwnerOnly.openToOthers(folder)).isEmpty();
    }

    private static String perms(Path p) throws Exception {
        return PosixFilePermissions.toString(Files.getPosixFilePermissions(p));
    }
}
