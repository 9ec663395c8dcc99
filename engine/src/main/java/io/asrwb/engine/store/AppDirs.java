package io.asrwb.engine.store;

import io.asrwb.engine.files.OwnerOnly;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;

/**
 * Where the workbench keeps its data (catalog, caches), following each OS's convention. Shared by
 * the CLI and the app so both open the same catalog.
 *
 * <p>Data dir: {@code ASRWB_HOME}, else {@code $XDG_DATA_HOME/asrwb}, else the platform default
 * ({@code ~/.local/share/asrwb}, {@code ~/Library/Application Support/asrwb},
 * {@code %APPDATA%\asrwb}). Catalog: {@code --db}, else {@code ASRWB_DB}, else
 * {@code <data dir>/catalog}.
 */
public final class AppDirs {

    public static final String HOME_ENV = "ASRWB_HOME";
    public static final String DB_ENV = "ASRWB_DB";

    /** javacpp's system property naming the folder where ND4J's native libraries unpack. */
    public static final String NATIVE_CACHE_PROPERTY = "org.bytedeco.javacpp.cachedir";

    private final Map<String, String> env;
    private final String osName;
    private final Path userHome;

    /** For tests: an explicit environment, OS name and home folder. */
    public AppDirs(Map<String, String> env, String osName, Path userHome) {
        this.env = Map.copyOf(env);
        this.osName = osName.toLowerCase(Locale.ROOT);
        this.userHome = userHome;
    }

    /** This process's environment. */
    public static AppDirs ofSystem() {
        return new AppDirs(
                System.getenv(),
                System.getProperty("os.name", ""),
                Path.of(System.getProperty("user.home")));
    }

    public Path dataDir() {
        String home = nonBlank(env.get(HOME_ENV));
        if (home != null) {
            return Path.of(home);
        }
        String xdg = nonBlank(env.get("XDG_DATA_HOME"));
        if (xdg != null) {
            return Path.of(xdg, "asrwb");
        }
        if (osName.startsWith("mac") || osName.startsWith("darwin")) {
            return userHome.resolve("Library").resolve("Application Support").resolve("asrwb");
        }
        if (osName.startsWith("windows")) {
            String appData = nonBlank(env.get("APPDATA"));
            Path base =
                    appData != null
                            ? Path.of(appData)
                            : userHome.resolve("AppData").resolve("Roaming");
            return base.resolve("asrwb");
        }
        return userHome.resolve(".local").resolve("share").resolve("asrwb");
    }

    /** Where ND4J's native libraries unpack (~400 MB), beside the catalog rather than in ~/.javacpp. */
    public Path nativeCacheDir() {
        return dataDir().resolve("javacpp");
    }

    /**
     * Points javacpp at {@link #nativeCacheDir()} unless something set it already ({@code ./asrwb},
     * the tests). The mains call this first, before any ND4J class loads: an installed launcher cannot
     * put the user's data dir into its fixed JVM options.
     */
    public static void defaultNativeCacheDir() {
        AppDirs dirs = ofSystem();
        String current = System.getProperty(NATIVE_CACHE_PROPERTY);
        if (current == null || current.isBlank()) {
            System.setProperty(NATIVE_CACHE_PROPERTY, dirs.nativeCacheDir().toString());
        }
        dirs.createDataDirFor(Path.of(System.getProperty(NATIVE_CACHE_PROPERTY)));
    }

    /**
     * Creates the data dir owner-only when {@code nativeCache} lies in it and it is missing: ND4J
     * would otherwise make it, with the process umask (755), when it unpacks there, and the catalog
     * and its lock file would later live in a folder other users can enter (a {@code transcribe}
     * as the first command ever). A failure is left for ND4J or the catalog to report.
     */
    void createDataDirFor(Path nativeCache) {
        Path data = dataDir().toAbsolutePath().normalize();
        if (nativeCache.toAbsolutePath().normalize().startsWith(data) && !Files.isDirectory(data)) {
            try {
                OwnerOnly.createDirectories(data);
            } catch (IOException e) {
                // reported by whoever needs the folder next, with its own advice
            }
        }
    }

    /**
     * The catalog's location (H2 adds {@code .mv.db}).
     *
     * @param dbOption the {@code --db} value, or null when not given
     * @throws CatalogException when the given path is a folder (or ends with a separator)
     */
    public Path catalogPath(String dbOption) {
        String explicit = nonBlank(dbOption);
        String given = "--db";
        if (explicit == null) {
            explicit = nonBlank(env.get(DB_ENV));
            given = "$" + DB_ENV;
        }
        if (explicit == null) {
            return dataDir().resolve("catalog");
        }
        Path path = Path.of(explicit);
        // A folder would silently become <folder>.mv.db beside it, a catalog nobody looks for.
        if (Files.isDirectory(path)
                || explicit.endsWith("/")
                || explicit.endsWith(File.separator)) {
            throw new CatalogException(
                    given
                            + " must name the catalog file (e.g. "
                            + path.resolve("catalog")
                            + "), not a folder: "
                            + explicit
                            + " is a folder");
        }
        return path;
    }

    private static String nonBlank(String s) {
        return s == null || s.isBlank() ? null : s.trim();
    }
}
