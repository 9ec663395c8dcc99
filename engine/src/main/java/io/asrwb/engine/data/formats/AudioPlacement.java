package io.asrwb.engine.data.formats;

import io.asrwb.engine.data.Utterance;
import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * Where a writer's audio ends up. Formats that reference audio by path use it in place when it
 * already lies under the output folder; otherwise it is hard-linked (copied where links are not
 * possible) into the output, so every written dataset is self-contained and passes the reader's
 * "audio stays under the dataset root" check.
 */
final class AudioPlacement {

    private final Path audioRoot;
    private final Path out;

    AudioPlacement(Path audioRoot, Path out) {
        this.audioRoot = audioRoot.toAbsolutePath().normalize();
        this.out = out.toAbsolutePath().normalize();
    }

    Path out() {
        return out;
    }

    /** Absolute path of the utterance's audio as it is now. */
    Path source(Utterance u) {
        return audioRoot.resolve(u.audio()).normalize();
    }

    /**
     * The audio in place when it is under {@code base} (a folder under the output), else linked to
     * {@code out/<its path relative to the audio root>} (or {@code out/audio/<its absolute path>}
     * for audio outside the audio root, as an import of absolute paths stores it: the whole path,
     * because two folders often hold files of the same name); returns the absolute path of the file
     * to reference.
     */
    Path inPlaceOrLinked(Utterance u, Path base) throws IOException {
        Path src = source(u);
        if (src.startsWith(base.toAbsolutePath().normalize())) {
            return src;
        }
        String rel =
                src.startsWith(audioRoot)
                        ? SourcePaths.relative(audioRoot, src)
                        : "audio/" + SourcePaths.relative(src.getRoot(), src);
        Path target = out.resolve(rel).normalize();
        if (!target.startsWith(base.toAbsolutePath().normalize())) {
            target = base.resolve("audio").resolve(rel).normalize();
        }
        return placeAt(u, target);
    }

    /** The audio at exactly {@code target} (linked or copied unless it already is that file). */
    Path placeAt(Utterance u, Path target) throws IOException {
        Path src = source(u);
        target = target.toAbsolutePath().normalize();
        if (src.equals(target)) {
            return target;
        }
        Files.createDirectories(target.getParent());
        if (Files.exists(target)) {
            if (Files.isSameFile(src, target)) {
                return target;
            }
            Files.delete(target);
        }
        try {
            Files.createLink(target, src);
        } catch (FileAlreadyExistsException e) {
            throw e;
        } catch (IOException | UnsupportedOperationException e) {
            // Another file system or no hard links: a copy keeps the dataset self-contained.
            Files.copy(src, target, StandardCopyOption.REPLACE_EXISTING);
        }
        return target;
    }

    /** The file's extension with its dot (".wav"), "" when it has none. */
    static String dotExtension(Path file) {
        String ext = SourcePaths.extension(file);
        return ext.isEmpty() ? "" : "." + ext;
    }
}
