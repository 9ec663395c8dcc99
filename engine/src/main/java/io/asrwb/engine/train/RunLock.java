package io.asrwb.engine.train;

import io.asrwb.engine.files.OwnerOnly;
import io.asrwb.engine.store.OwnedFileLock;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Optional;

/**
 * An OS file lock in a run folder ({@value #FILE}) held while a process trains the run, with
 * that process's pid and host written in it. The catalog only says "running"; the lock says
 * whether someone really is: a run whose process died (app killed, machine rebooted) holds no
 * lock, because the OS drops a dead process's locks. So the dashboard can call such a run
 * interrupted without mistaking a live run of another process (or of this one) for a dead one.
 */
public final class RunLock implements AutoCloseable {

    public static final String FILE = "run.lock";

    private final OwnedFileLock lock;
    private boolean closed;

    private RunLock(OwnedFileLock lock) {
        this.lock = lock;
    }

    /**
     * Takes the lock of {@code runDir} for this process.
     *
     * @throws RunLaunchException.InUse when another process (or another run in this one) trains
     *     the run; then nothing in the folder was changed (the lock file, when it existed, is only
     *     read)
     */
    public static RunLock acquire(Path runDir) throws IOException {
        OwnerOnly.createDirectories(runDir);
        return new RunLock(
                OwnedFileLock.acquire(
                        runDir.resolve(FILE),
                        owner ->
                                new RunLaunchException.InUse(
                                        runDir
                                                + " is being trained right now"
                                                + (owner.isEmpty() ? "" : " by pid " + owner)
                                                + "; stop that run first, or start a new run in"
                                                + " another folder")));
    }

    /** Who trains {@code runDir} now ("pid on host"), or empty when nobody does. */
    public static Optional<String> holder(Path runDir) {
        return OwnedFileLock.holder(runDir.resolve(FILE));
    }

    /** Lets go of the lock; a second call does nothing. */
    @Override
    public synchronized void close() throws IOException {
        if (!closed) {
            closed = true;
            lock.close();
        }
    }
}
