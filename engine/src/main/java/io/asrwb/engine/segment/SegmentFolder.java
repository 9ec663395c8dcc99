package io.asrwb.engine.segment;

import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Locale;

/**
 * Where one recording's segments go: {@code OUT/STEM} (STEM the recording's name, made unique in
 * OUT), written first under a hidden partial name and renamed into place when complete, so an
 * interrupted run never leaves a folder that looks finished.
 */
final class SegmentFolder {

    private final Path out;
    private final String name;

    private SegmentFolder(Path out, String name) {
        this.out = out;
        this.name = name;
    }

    static SegmentFolder in(Path out, Path recording) throws IOException {
        Files.createDirectories(out);
        String file = recording.getFileName().toString();
        int dot = file.lastIndexOf('.');
        String stem = (dot > 0 ? file.substring(0, dot) : file).replaceAll("[^A-Za-z0-9._-]", "_");
        String name = stem;
        for (int n = 2;
                Files.exists(out.resolve(name)) || Files.exists(out.resolve(partial(name)));
                n++) {
            name = String.format(Locale.ROOT, "%s-%d", stem, n);
        }
        return new SegmentFolder(out, name);
    }

    /** The ids' and files' prefix, unique among this folder's neighbours. */
    String name() {
        return name;
    }

    Path out() {
        return out;
    }

    Path partial() throws IOException {
        return Files.createDirectories(out.resolve(partial(name)));
    }

    Path finished() {
        return out.resolve(name);
    }

    Path finish() throws IOException {
        try {
            return Files.move(
                    out.resolve(partial(name)), finished(), StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
            return Files.move(out.resolve(partial(name)), finished());
        }
    }

    /** Removes the partial and the finished folder (what a failed or cancelled run wrote). */
    void discard() {
        delete(out.resolve(partial(name)));
        delete(finished());
    }

    private static String partial(String name) {
        return "." + name + ".partial";
    }

    private static void delete(Path dir) {
        if (!Files.isDirectory(dir)) {
            return;
        }
        try (DirectoryStream<Path> files = Files.newDirectoryStream(dir)) {
            for (Path f : files) {
                Files.deleteIfExists(f);
            }
            Files.deleteIfExists(dir);
        } catch (IOException e) {
            // best effort: the folder is not in the catalog, and the next run picks another name
        }
    }
}
