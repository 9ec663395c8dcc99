package io.asrwb.app.workbench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Loads, without initialising, every class a list names, so that {@code
 * -XX:ArchiveClassesAtExit} archives them as this JVM exits: the build runs it on the classes the
 * app loads up to its first interactive window ({@code app/pom.xml}, execution {@code
 * class-archive}; the list is {@code app/src/main/cds/startup-classes.txt}, written by {@code
 * bench/startup-class-list.sh}), and the app's very first start then maps them ready-verified
 * instead of reading and verifying them from the jars (docs/PERFORMANCE.md, "Start-up to an
 * interactive window"). No static initialiser runs, so nothing starts. A class the list names that
 * no longer exists is counted and left out.
 *
 * <p>Usage: {@code PreloadClasses LIST}: one binary class name a line; {@code #} starts a comment.
 */
public final class PreloadClasses {

    private PreloadClasses() {}

    public static void main(String[] args) throws IOException {
        if (args.length != 1) {
            System.err.println("usage: PreloadClasses LIST (one class name a line)");
            System.exit(2);
        }
        Counts counts = preload(names(Path.of(args[0])), PreloadClasses.class.getClassLoader());
        System.out.println(
                "loaded " + counts.loaded() + " classes (" + counts.refused() + " could not load)");
    }

    /** How many classes loaded, and how many could not (renamed or gone since the list was made). */
    record Counts(int loaded, int refused) {}

    /** The class names in {@code list}: one a line, blank lines and {@code #} comments left out. */
    static List<String> names(Path list) throws IOException {
        return Files.readAllLines(list, StandardCharsets.UTF_8).stream()
                .map(String::strip)
                .filter(l -> !l.isEmpty() && !l.startsWith("#"))
                .toList();
    }

    /** Loads each named class through {@code loader} without initialising it. */
    static Counts preload(List<String> classNames, ClassLoader loader) {
        int loaded = 0;
        int refused = 0;
        for (String className : classNames) {
            try {
                Class.forName(className, false, loader);
                loaded++;
            } catch (ReflectiveOperationException | LinkageError skipped) {
                refused++; // the class is simply not archived
            }
        }
        return new Counts(loaded, refused);
    }
}
