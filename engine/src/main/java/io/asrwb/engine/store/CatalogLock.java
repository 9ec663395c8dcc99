package io.asrwb.engine.store;

import java.io.IOException;
import java.nio.file.Path;

/**
 * An OS file lock beside the catalog that records who holds it (pid and host), so a second
 * workbench can say who has the catalog open. H2's own FILE_LOCK only reports "Database may be
 * already in use" with a stack trace and no owner; it stays on as a second line of defence.
 */
final class CatalogLock implements AutoCloseable {

  private final OwnedFileLock lock;

  private CatalogLock(OwnedFileLock lock) {
    this.lock = lock;
  }

  static Path lockFileOf(Path catalog) {
    return catalog.resolveSibling(catalog.getFileName() + ".lock");
  }

  static CatalogLock acquire(Path catalog) {
    Path file = lockFileOf(catalog);
    try {
      return new CatalogLock(OwnedFileLock.acquire(file, owner -> inUse(catalog, owner)));
    } catch (IOException e) {
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

  @Override
  public void close() throws IOException {
    lock.close();
  }
}
