package io.asrwb.engine.train;

import io.asrwb.engine.store.LockOwner;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Optional;

/**
 * An OS file lock in a run folder ({@value #FILE}) held while a process trains the run, with
 * that process's pid and host written in it. The catalog only says "running"; the lock says
 * whether someone really is: a run whose process died (app killed, machine rebooted) holds no
 * lock, because the OS drops a dead process's locks. So the dashboard can call such a run
 * interrupted without mistaking a live run of another process (or of this one) for a dead one.
 *
 * <p>The file is never deleted (deleting it would race with a process that just opened it).
 */
public final class RunLock implements AutoCloseable {

  public static final String FILE = "run.lock";

  private final FileChannel channel;
  private final FileLock lock;

  private RunLock(FileChannel channel, FileLock lock) {
    this.channel = channel;
    this.lock = lock;
  }

  /**
   * Takes the lock of {@code runDir} for this process.
   *
   * @throws RunLaunchException when another process (or another run in this one) trains the run
   */
  public static RunLock acquire(Path runDir) throws IOException {
    Files.createDirectories(runDir);
    FileChannel ch = FileChannel.open(runDir.resolve(FILE), StandardOpenOption.CREATE,
        StandardOpenOption.READ, StandardOpenOption.WRITE);
    try {
      FileLock lock = tryLock(ch);
      if (lock == null) {
        String owner = LockOwner.read(ch);
        throw new RunLaunchException(runDir + " is being trained right now" + (owner.isEmpty() ? "" : " by pid "
            + owner) + "; stop that run first, or start a new run in another folder");
      }
      LockOwner.write(ch);
      return new RunLock(ch, lock);
    } catch (IOException | RuntimeException e) {
      ch.close();
      throw e;
    }
  }

  /**
   * Who trains {@code runDir} now ("pid on host"), or empty when nobody does. Looks without
   * keeping anything: the lock is taken and at once released when it is free.
   */
  public static Optional<String> holder(Path runDir) {
    Path file = runDir.resolve(FILE);
    if (!Files.isRegularFile(file)) {
      return Optional.empty();
    }
    try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
      FileLock lock = tryLock(ch);
      if (lock != null) {
        lock.release();
        return Optional.empty();
      }
      String owner = LockOwner.read(ch);
      return Optional.of(owner.isEmpty() ? "another process" : owner);
    } catch (IOException e) {
      return Optional.empty(); // an unreadable folder trains nothing we can reach
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
