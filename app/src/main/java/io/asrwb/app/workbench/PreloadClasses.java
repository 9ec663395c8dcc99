package io.asrwb.app.workbench;

import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Enumeration;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;

/**
 * Loads, without initialising, every class of the class-path jars whose file names start with the
 * given prefixes, so that {@code -XX:ArchiveClassesAtExit} archives them as this JVM exits: the
 * build runs it ({@code app/pom.xml}, execution {@code class-archive}), and the app's very first
 * start then maps the classes of JavaFX, H2, Jackson and logging ready-verified instead of reading
 * and verifying them from the jars (docs/PERFORMANCE.md, "Start-up to an interactive window"). No
 * static initialiser runs, so nothing starts.
 * Usage: {@code PreloadClasses PREFIX...}
 */
public final class PreloadClasses {

    private PreloadClasses() {}

    public static void main(String[] prefixes) throws IOException {
        Counts counts =
                preload(
                        List.of(System.getProperty("java.class.path").split(File.pathSeparator)),
                        List.of(prefixes),
                        PreloadClasses.class.getClassLoader());
        System.out.println(
                "loaded " + counts.loaded() + " classes (" + counts.refused() + " could not load)");
    }

    /** How many classes loaded, and how many could not (an optional dependency absent). */
    record Counts(int loaded, int refused) {}

    /** Loads the classes of the jars in {@code classPath} whose file names start with a prefix. */
    static Counts preload(List<String> classPath, List<String> prefixes, ClassLoader loader)
            throws IOException {
        int loaded = 0;
        int refused = 0;
        for (String entry : classPath) {
            Path fileName = Path.of(entry).getFileName();
            String name = fileName == null ? "" : fileName.toString();
            if (!name.endsWith(".jar") || prefixes.stream().noneMatch(name::startsWith)) {
                continue;
            }
            try (JarFile jar = new JarFile(entry)) {
                for (Enumeration<JarEntry> e = jar.entries(); e.hasMoreElements(); ) {
                    String file = e.nextElement().getName();
                    if (!file.endsWith(".class")
                            || file.startsWith("META-INF/")
                            || file.endsWith("module-info.class")) {
                        continue;
                    }
                    String className = file.substring(0, file.length() - 6).replace('/', '.');
                    try {
                        Class.forName(className, false, loader);
                        loaded++;
                    } catch (ReflectiveOperationException | LinkageError skipped) {
                        refused++; // the class is simply not archived
                    }
                }
            }
        }
        return new Counts(loaded, refused);
    }
}
