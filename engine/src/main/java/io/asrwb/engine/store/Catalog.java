package io.asrwb.engine.store;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;

/**
 * The open catalog: an H2 2.x embedded file database, held exclusively by one process.
 *
 * <p>Exclusive, not H2's AUTO_SERVER mixed mode: AUTO_SERVER would open a TCP port and route a
 * second process's big import transaction through the network protocol; the workbench is a
 * single-user desktop app, so a second instance is told clearly who holds the catalog instead.
 * Within this JVM any number of connections share the open database.
 */
public final class Catalog implements AutoCloseable {

  /** H2's "Database may be already in use" (org.h2.api.ErrorCode.DATABASE_ALREADY_OPEN_1). */
  private static final int H2_ALREADY_OPEN = 90020;

  private final Path location;
  private final String url;
  private final CatalogLock lock;
  private final Connection keeper;

  private Catalog(Path location, String url, CatalogLock lock, Connection keeper) {
    this.location = location;
    this.url = url;
    this.lock = lock;
    this.keeper = keeper;
  }

  /**
   * Opens (creating if needed) the catalog at {@code location} and brings its schema up to date.
   *
   * @param location the database path without H2's {@code .mv.db} suffix (a given suffix is dropped)
   * @throws CatalogException.InUse when another process has it open
   * @throws CatalogException.SchemaTooNew when a newer workbench wrote it
   */
  public static Catalog open(Path location) {
    Path db = withoutH2Suffix(location.toAbsolutePath().normalize());
    try {
      Files.createDirectories(db.getParent());
    } catch (IOException e) {
      throw new CatalogException("cannot create the folder " + db.getParent() + " for the catalog ("
          + e.getMessage() + "); use --db PATH or " + AppDirs.DB_ENV + " to put it elsewhere", e);
    }
    CatalogLock lock = CatalogLock.acquire(db);
    // MAX_COMPACT_TIME=0: no compaction pass when the database closes. It only tidies the file's
    // free space (H2's background writer does that while open, too) and it cost 0.3–1 s at the
    // end of every CLI import; what is committed is durable either way.
    String url = "jdbc:h2:file:" + db + ";FILE_LOCK=FILE;MAX_COMPACT_TIME=0";
    Connection keeper = null;
    try {
      keeper = DriverManager.getConnection(url, "asrwb", "");
      Migrations.apply(keeper, db.toString());
      return new Catalog(db, url, lock, keeper);
    } catch (SQLException | RuntimeException e) {
      closeQuietly(keeper);
      closeQuietly(lock);
      if (e instanceof SQLException s && s.getErrorCode() == H2_ALREADY_OPEN) {
        throw CatalogLock.inUse(db, "");
      }
      if (e instanceof RuntimeException r) {
        throw r;
      }
      throw new CatalogException("cannot open the catalog at " + db + ": " + e.getMessage()
          + "; if the file is damaged, move " + db + ".mv.db away and import again", e);
    }
  }

  static Path withoutH2Suffix(Path p) {
    String name = p.getFileName().toString();
    return name.endsWith(".mv.db") ? p.resolveSibling(name.substring(0, name.length() - 6)) : p;
  }

  /** Where the catalog lives (H2 adds {@code .mv.db}). */
  public Path location() {
    return location;
  }

  public int schemaVersion() {
    return read(Migrations::currentVersion);
  }

  /** Runs {@code work} on a fresh auto-commit connection: each statement is saved at once. */
  public <T> T read(SqlWork<T> work) {
    try (Connection c = connect()) {
      return work.run(c);
    } catch (SQLException e) {
      throw failed(e);
    }
  }

  /** Runs {@code work} in one transaction: everything it wrote is kept, or nothing is. */
  public <T> T transaction(SqlWork<T> work) {
    try (Connection c = connect()) {
      c.setAutoCommit(false);
      try {
        T result = work.run(c);
        c.commit();
        return result;
      } catch (SQLException | RuntimeException | Error e) {
        c.rollback();
        throw e;
      }
    } catch (SQLException e) {
      throw failed(e);
    }
  }

  /** A new connection to the open catalog; the caller closes it. */
  public Connection connect() throws SQLException {
    return DriverManager.getConnection(url, "asrwb", "");
  }

  private CatalogException failed(SQLException e) {
    return new CatalogException("catalog " + location + ": " + e.getMessage(), e);
  }

  @Override
  public void close() {
    closeQuietly(keeper);
    closeQuietly(lock);
  }

  private static void closeQuietly(AutoCloseable c) {
    if (c != null) {
      try {
        c.close();
      } catch (Exception ignored) {
        // closing on the way out of a failure or shutdown; nothing better to do
      }
    }
  }
}
