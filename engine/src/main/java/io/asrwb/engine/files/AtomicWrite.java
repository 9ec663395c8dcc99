package io.asrwb.engine.files;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileAttribute;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Replacing a file so that a reader, or the next start after a crash, finds the old content or the
 * new one, never half of one: the content goes to a fresh sibling, is forced to the disk, and is
 * renamed over the target in one step. Every writer of a file that others read whole uses this
 * rather than its own temp-file-and-move (checkpoints keep their stricter {@link DurableFiles}).
 */
public final class AtomicWrite {

    /** Writes the new content into {@code temp}, an empty file beside the target. */
    @FunctionalInterface
    public interface Content {
        void writeTo(Path temp) throws IOException;
    }

    private AtomicWrite() {}

    /** Replaces {@code target} (its folder must exist) with what {@code content} writes. */
    public static Path replace(Path target, Content content) throws IOException {
        return write(target, content, false);
    }

    /**
     * As {@link #replace(Path, Content)}, the file readable by its owner only from its creation
     * (a chmod after writing would leave it open to others in between).
     */
    public static Path replaceOwnerOnly(Path target, Content content) throws IOException {
        return write(target, content, true);
    }

    public static Path replace(Path target, byte[] bytes) throws IOException {
        return replace(target, temp -> Files.write(temp, bytes));
    }

    /** {@code text} as UTF-8, owner-only: what configs and settings hold. */
    public static Path replaceTextOwnerOnly(Path target, String text) throws IOException {
        return replaceOwnerOnly(
                target, temp -> Files.writeString(temp, text, StandardCharsets.UTF_8));
    }

    /**
     * Renames a finished {@code temp} (in the target's folder) over {@code target}: atomically
     * where the file system can, else by a plain replace; then forces the folder so the rename
     * survives a power loss. For writers whose temp file has a name of its own (a resumable
     * download's {@code .part}, a recording's).
     */
    public static Path commit(Path temp, Path target) throws IOException {
        try {
            Files.move(
                    temp,
                    target,
                    StandardCopyOption.ATOMIC_MOVE,
                    StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING);
        }
        Path parent = target.toAbsolutePath().getParent();
        if (parent != null) {
            DurableFiles.forceDirectory(parent);
        }
        return target;
    }

    private static Path write(Path target, Content content, boolean ownerOnly) throws IOException {
        Path absolute = target.toAbsolutePath();
        Path temp =
                absolute.resolveSibling(
                        "."
                                + absolute.getFileName()
                                + "."
                                + Long.toHexString(ThreadLocalRandom.current().nextLong())
                                + ".tmp");
        FileAttribute<?>[] attributes =
                ownerOnly ? OwnerOnly.attributes(temp) : new FileAttribute<?>[0];
        Files.createFile(temp, attributes);
        try {
            content.writeTo(temp);
            DurableFiles.force(temp);
            return commit(temp, absolute);
        } finally {
            Files.deleteIfExists(temp);
        }
    }
}
