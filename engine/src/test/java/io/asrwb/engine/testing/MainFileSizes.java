package io.asrwb.engine.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The size gate of issue 14, shared by the engine's, remote's and app's tests: no file under a
 * module's {@code src/main/java} may exceed {@link #MAX_LINES} lines. A big class does several
 * things; the fix is to split it by concern, not to raise the limit. Published in the engine's
 * test-jar.
 */
public final class MainFileSizes {

    /** The most lines a main-code file may have (after the formatter). */
    public static final int MAX_LINES = 300;

    private MainFileSizes() {}

    /**
     * One message per file under {@code sourceRoot} longer than {@link #MAX_LINES}, naming it
     * (relative to {@code sourceRoot}) and its length, in path order; files in {@code exceptions}
     * (paths relative to {@code sourceRoot}, '/'-separated) are let through while they are over. An
     * exception that is no longer over the limit, or no longer exists, is reported too, so the list
     * only shrinks.
     */
    public static List<String> violations(Path sourceRoot, Set<String> exceptions) {
        if (!Files.isDirectory(sourceRoot)) {
            throw new IllegalArgumentException(
                    "no source folder "
                            + sourceRoot.toAbsolutePath()
                            + "; run the test from the module's folder");
        }
        List<String> found = new ArrayList<>();
        for (Path file : javaFiles(sourceRoot)) {
            String name = sourceRoot.relativize(file).toString().replace('\\', '/');
            long lines = lineCount(file);
            boolean excepted = exceptions.contains(name);
            if (lines > MAX_LINES && !excepted) {
                found.add(
                        name
                                + " has "
                                + lines
                                + " lines (at most "
                                + MAX_LINES
                                + "): split it by concern into small classes that each do one"
                                + " thing");
            } else if (lines <= MAX_LINES && excepted) {
                found.add(
                        name
                                + " has "
                                + lines
                                + " lines, within the limit: remove it from the test's temporary"
                                + " exceptions");
            }
        }
        for (String name : exceptions) {
            if (!Files.isRegularFile(sourceRoot.resolve(name))) {
                found.add(
                        name
                                + " is listed as a temporary exception but does not exist: remove"
                                + " it from the list");
            }
        }
        return found;
    }

    /** Lines as an editor counts them: a last line without a newline counts too. */
    static long lineCount(Path file) {
        try (Stream<String> lines = Files.lines(file)) {
            return lines.count();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
    }

    private static List<Path> javaFiles(Path root) {
        try (Stream<Path> files = Files.walk(root)) {
            return files.filter(p -> p.toString().endsWith(".java"))
                    .filter(Files::isRegularFile)
                    .sorted()
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + root, e);
        }
    }
}
