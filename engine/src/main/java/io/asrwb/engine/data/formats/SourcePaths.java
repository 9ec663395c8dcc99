package io.asrwb.engine.data.formats;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

/** Path arithmetic every reader and writer shares. */
final class SourcePaths {

    private SourcePaths() {}

    /** {@code raw} resolved against {@code base} and normalised; null when it is not a valid path. */
    static Path resolve(Path base, String raw) {
        try {
            return base.resolve(raw).toAbsolutePath().normalize();
        } catch (InvalidPathException e) {
            return null;
        }
    }

    /** File name without its last extension: ".../1089-134686-0001.flac" → "1089-134686-0001". */
    static String stem(String path) {
        int slash = Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\'));
        String name = path.substring(slash + 1);
        int dot = name.lastIndexOf('.');
        return dot > 0 ? name.substring(0, dot) : name;
    }

    static String withoutExtension(String path) {
        int slash = Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\'));
        int dot = path.lastIndexOf('.');
        return dot > slash + 1 ? path.substring(0, dot) : path;
    }

    static String extension(Path file) {
        String name = file.getFileName().toString();
        int dot = name.lastIndexOf('.');
        return dot < 0 ? "" : name.substring(dot + 1).toLowerCase(Locale.ROOT);
    }

    /** {@code to} relative to {@code from}, '/'-separated. */
    static String relative(Path from, Path to) {
        return from.toAbsolutePath()
                .normalize()
                .relativize(to.toAbsolutePath().normalize())
                .toString()
                .replace('\\', '/');
    }

    /** Regular files directly in {@code dir} whose name ends with one of {@code suffixes}, sorted. */
    static List<Path> filesIn(Path dir, String... suffixes) throws IOException {
        List<Path> out = new ArrayList<>();
        try (Stream<Path> s = Files.list(dir)) {
            s.filter(Files::isRegularFile)
                    .forEach(
                            p -> {
                                String name = p.getFileName().toString().toLowerCase(Locale.ROOT);
                                for (String suffix : suffixes) {
                                    if (name.endsWith(suffix)) {
                                        out.add(p);
                                        return;
                                    }
                                }
                            });
        }
        out.sort(null);
        return out;
    }

    /** The dataset root: the override when given, else {@code dflt}; absolute and normalised. */
    static Path root(Path override, Path dflt) {
        return (override != null ? override : dflt).toAbsolutePath().normalize();
    }

    /** The folder a manifest lies in (the current folder for a bare file name). */
    static Path folderOf(Path manifest) {
        Path abs = manifest.toAbsolutePath().normalize();
        return abs.getParent();
    }

    /** Reads the rows of one manifest file into {@code rows}, relative paths against {@code base}. */
    @FunctionalInterface
    interface ManifestFileReader {
        void read(Path file, Path base, List<SourceRow> rows) throws IOException;
    }

    /**
     * Reads a manifest file, or every manifest with one of {@code suffixes} in a folder; relative
     * audio paths resolve against {@code base} when given, else against each manifest's folder;
     * the dataset root is {@code root}, else the folder (or the manifest's folder).
     */
    static ParsedSource readManifests(
            Path source, Path root, Path base, ManifestFileReader reader, String... suffixes)
            throws IOException {
        List<SourceRow> rows = new ArrayList<>();
        boolean folder = Files.isDirectory(source);
        for (Path f : folder ? filesIn(source, suffixes) : List.of(source)) {
            reader.read(f, base(base, f), rows);
        }
        return new ParsedSource(root(root, folder ? source : folderOf(source)), rows);
    }

    /**
     * Where a manifest's relative paths start: the folder the user gave ({@code --root}), else the
     * manifest's folder (NeMo's and the other tools' own convention).
     */
    static Path base(Path base, Path manifest) {
        return base != null ? base.toAbsolutePath().normalize() : folderOf(manifest);
    }

    /**
     * Whether a path was written absolute: such a path names its file wherever it lies (NeMo
     * writes them so), unlike a relative one, which must stay in the dataset's folder.
     */
    static boolean writtenAbsolute(String raw) {
        try {
            return Path.of(raw).isAbsolute();
        } catch (InvalidPathException e) {
            return false;
        }
    }
}
