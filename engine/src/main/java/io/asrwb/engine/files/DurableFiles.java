package io.asrwb.engine.files;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;

/**
 * File operations that survive a crash or power loss: data forced to the disk before it is made
 * visible, and visibility changed by one atomic rename.
 */
public final class DurableFiles {

    private static final boolean WINDOWS =
            System.getProperty("os.name", "")
                    .toLowerCase(java.util.Locale.ROOT)
                    .startsWith("windows");

    private DurableFiles() {}

    /** Writes {@code bytes} to a new file and forces them to the disk. */
    public static void writeForced(Path file, byte[] bytes) throws IOException {
        try (FileChannel channel =
                FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
            ByteBuffer buffer = ByteBuffer.wrap(bytes);
            while (buffer.hasRemaining()) {
                channel.write(buffer);
            }
            channel.force(true);
        }
    }

    /** Forces an existing file's content and metadata to the disk. */
    public static void force(Path file) throws IOException {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE)) {
            channel.force(true);
        }
    }

    /**
     * Forces a directory's entries (creations, renames) to the disk. Windows cannot open a directory
     * as a channel; NTFS journals renames itself, so there it is skipped.
     */
    public static void forceDirectory(Path directory) throws IOException {
        if (WINDOWS) {
            return;
        }
        try (FileChannel channel = FileChannel.open(directory, StandardOpenOption.READ)) {
            channel.force(true);
        }
    }

    /**
     * Renames {@code source} to {@code target} in one step, replacing a target file (never a
     * non-empty directory), and forces the parent directory so the rename itself is durable.
     */
    public static void renameAtomically(Path source, Path target) throws IOException {
        try {
            Files.move(
                    source,
                    target,
                    StandardCopyOption.ATOMIC_MOVE,
                    StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            throw new IOException(
                    "cannot rename "
                            + source
                            + " to "
                            + target
                            + " atomically on this file system; put the run folder on a local disk",
                    e);
        }
        forceDirectory(target.getParent());
    }

    /** Deletes a file or a directory tree; a missing path is not an error. */
    public static void deleteRecursively(Path path) throws IOException {
        if (!Files.exists(path, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        Files.walkFileTree(
                path,
                new SimpleFileVisitor<>() {
                    @Override
                    public FileVisitResult visitFile(Path file, BasicFileAttributes attrs)
                            throws IOException {
                        deleteIfPresent(file);
                        return FileVisitResult.CONTINUE;
                    }

                    @Override
                    public FileVisitResult postVisitDirectory(Path dir, IOException exc)
                            throws IOException {
                        if (exc != null) {
                            throw exc;
                        }
                        deleteIfPresent(dir);
                        return FileVisitResult.CONTINUE;
                    }
                });
    }

    private static void deleteIfPresent(Path path) throws IOException {
        try {
            Files.delete(path);
        } catch (NoSuchFileException alreadyGone) {
            // another cleaner got there first; the goal is reached
        }
    }
}
