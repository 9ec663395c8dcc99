package io.asrwb.engine.store;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * An OS file lock beside the catalog that records who holds it (pid and host), so a second
 * workbench can say who has the catalog open. H2's own FILE_LOCK only reports "Database may be
 * already in use" with a stack trace and no owner; it stays on as a second line of defence.
 *
 * <p>The lock file is never deleted (deleting it would race with a process that just opened it);
 * it is truncated and its lock released on close, and the OS releases the lock if we crash.
 */
final class CatalogLock implements AutoCloseable {

  private final FileChannel channel;
  private final FileLock lock;

  private CatalogLock(FileChannel channel, FileLock lock) {
    this.channel = channel;
    this.lock = lock;
  }

  static Path lockFileOf(Path catalog) {
    return catalog.resolveSibling(catalog.getFileName() + ".lock");
  }

  static CatalogLock acquire(Path catalog) {
    Path file = lockFileOf(catalog);
    FileChannel ch = null;
    try {
      ch = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ,
          StandardOpenOption.WRITE);
      FileLock lock;
      try {
        lock = ch.tryLock();
      } catch (OverlappingFileLockException e) {
        lock = null; // held by this very JVM
      }
      if (lock == null) {
        String owner = LockOwner.read(ch);
        ch.close();
        throw inUse(catalog, owner);
      }
      LockOwner.write(ch);
      return new CatalogLock(ch, lock);
    } catch (IOException e) {
      closeQuietly(ch);
      throw new CatalogException("cannot lock the catalog at " + catalog + " (" + file + ": "
          + e.getMessage() + "); check that its folder is writable, or use --db PATH / "
          + AppDirs.DB_ENV + " to pick another catalog", e);
    }
  }

  static CatalogException.InUse inUse(Path catalog, String owner) {
    String who = owner == null || owner.isBlank() ? "" : " (pid " + owner + ")";
    return new CatalogException.InUse("the catalog at " + catalog + " is in use by another ASR Workbench"
        + who + "; close that one first, or open another catalog with --db PATH or "
        + AppDirs.DB_ENV);
  }

  private static void closeQuietly(FileChannel ch) {
    if (ch != null) {
      try {
        ch.close();
      } catch (IOException ignored) {
        // the original failure is what matters
      }
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
