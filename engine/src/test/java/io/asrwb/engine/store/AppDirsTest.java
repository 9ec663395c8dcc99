package io.asrwb.engine.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.asrwb.engine.files.OwnerOnly;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AppDirsTest {

    private final Path home = Path.of("home", "ann");

    @Test
    void platformDefaults() {
        assertThat(new AppDirs(Map.of(), "Linux", home).dataDir())
                .isEqualTo(home.resolve(".local/share/asrwb"));
        assertThat(new AppDirs(Map.of(), "Mac OS X", home).dataDir())
                .isEqualTo(home.resolve("Library").resolve("Application Support").resolve("asrwb"));
        assertThat(new AppDirs(Map.of("APPDATA", "roaming"), "Windows 11", home).dataDir())
                .isEqualTo(Path.of("roaming", "asrwb"));
    }

    @Test
    void environmentOverridesInOrder() {
        assertThat(new AppDirs(Map.of("XDG_DATA_HOME", "xdg"), "Linux", home).dataDir())
                .isEqualTo(Path.of("xdg", "asrwb"));
        assertThat(
                        new AppDirs(
                                        Map.of("XDG_DATA_HOME", "xdg", "ASRWB_HOME", "mine"),
                                        "Linux",
                                        home)
                                .dataDir())
                .isEqualTo(Path.of("mine"));
    }

    @Test
    void catalogFromOptionThenEnvThenDataDir() {
        AppDirs dirs =
                new AppDirs(Map.of("ASRWB_HOME", "mine", "ASRWB_DB", "env-db"), "Linux", home);
        assertThat(dirs.catalogPath("opt-db")).isEqualTo(Path.of("opt-db"));
        assertThat(dirs.catalogPath(null)).isEqualTo(Path.of("env-db"));
        assertThat(new AppDirs(Map.of("ASRWB_HOME", "mine"), "Linux", home).catalogPath(" "))
                .isEqualTo(Path.of("mine", "catalog"));
    }

    @Test
    void nativeCacheBesideTheCatalog() {
        assertThat(new AppDirs(Map.of("ASRWB_HOME", "mine"), "Linux", home).nativeCacheDir())
                .isEqualTo(Path.of("mine", "javacpp"));
    }

    @Test
    void nativeCacheDefaultKeepsAnExplicitSettingAndFillsAMissingOne() {
        String before = System.getProperty(AppDirs.NATIVE_CACHE_PROPERTY);
        try {
            System.setProperty(AppDirs.NATIVE_CACHE_PROPERTY, "explicit");
            AppDirs.defaultNativeCacheDir();
            assertThat(System.getProperty(AppDirs.NATIVE_CACHE_PROPERTY)).isEqualTo("explicit");

            System.clearProperty(AppDirs.NATIVE_CACHE_PROPERTY);
            AppDirs.defaultNativeCacheDir();
            assertThat(System.getProperty(AppDirs.NATIVE_CACHE_PROPERTY))
                    .isEqualTo(AppDirs.ofSystem().nativeCacheDir().toString());
        } finally {
            if (before == null) {
                System.clearProperty(AppDirs.NATIVE_CACHE_PROPERTY);
            } else {
                System.setProperty(AppDirs.NATIVE_CACHE_PROPERTY, before);
            }
        }
    }

    @Test
    void theDataDirIsMadeOwnerOnlyWhenNd4jsCacheWouldMakeIt(@TempDir Path dir) throws Exception {
        assumeTrue(OwnerOnly.posix(dir), "needs POSIX permissions");
        AppDirs dirs =
                new AppDirs(
                        Map.of("ASRWB_HOME", dir.resolve("a").resolve("home").toString()),
                        "Linux",
                        home);
        dirs.createDataDirFor(dir.resolve("elsewhere").resolve("javacpp"));
        assertThat(dir.resolve("a"))
                .as("a cache outside the data dir leaves it alone")
                .doesNotExist();

        dirs.createDataDirFor(dirs.nativeCacheDir());
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(dirs.dataDir())))
                .isEqualTo("rwx------");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(dir.resolve("a"))))
                .isEqualTo("rwx------");
    }
}
