package io.asrwb.engine.store;

import io.asrwb.engine.files.OwnerOnly;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * An OS file lock whose file names its holder ({@link LockOwner}: "pid on host"), the mechanism
 * behind the catalog's and a run folder's locks. The OS drops a dead process's locks, so a held
 * lock means a live holder.
 *
 * <p>The file is never deleted (deleting it would race with a process that just opened it); on
 * close it is emptied and the lock released.
 */
public final class OwnedFileLock implements AutoCloseable {

    private final FileChannel channel;
    private final FileLock lock;

    private OwnedFileLock(FileChannel channel, FileLock lock) {
        this.channel = channel;
        this.lock = lock;
    }

    /**
     * Takes the lock of {@code file} (created if missing) and writes this process in it.
     *
     * @param whenHeld the failure to throw when another process, or another lock of this JVM,
     *     holds it, given the holder the file names (empty when it names none)
     */
    public static OwnedFileLock acquire(
            Path file, Function<String, ? extends RuntimeException> whenHeld) throws IOException {
        // owner-only: the file says who holds the lock, and sits in folders that are (run, catalog)
        FileChannel ch =
                OwnerOnly.open(
                        file,
                        Set.of(
                                StandardOpenOption.CREATE,
                                StandardOpenOption.READ,
                                StandardOpenOption.WRITE));
        try {
            FileLock lock = tryLock(ch);
            if (lock == null) {
                throw whenHeld.apply(LockOwner.read(ch));
            }
            LockOwner.write(ch);
            return new OwnedFileLock(ch, lock);
        } catch (IOException | RuntimeException e) {
            ch.close();
            throw e;
        }
    }

    /**
     * Who holds the lock of {@code file} now ("pid on host", or "another process" when the file
     * names none), or empty when nobody does. Keeps nothing: a free lock is taken and released.
     */
    public static Optional<String> holder(Path file) {
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        try (FileChannel ch =
                FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            FileLock lock = tryLock(ch);
            if (lock != null) {
                lock.release();
                return Optional.empty();
            }
            String owner = LockOwner.read(ch);
            return Optional.of(owner.isEmpty() ? "another process" : owner);
        } catch (IOException e) {
            return Optional.empty(); // an unreadable lock file guards nothing we can reach
        }
    }

    /** The lock, or null when another process or another channel of this JVM holds it. */
    private static FileLock tryLock(FileChannel ch) throws IOException {
        try {
            return ch.tryLock();
        } catch (OverlappingFileLockException e) {
            return null;
        }
    }

    @Override
    public void close() throws IOException {
        try {
            channel.truncate(0);
            lock.release();
        } finally {
            channel.close();
        }
    }
}
