package io.asrwb.engine.store;

import java.io.IOException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The open catalog: an H2 2.x file database that every ASR Workbench process on this machine can
 * have open at the same time (the app, a {@code job attach} streaming for hours, a {@code job stop}
 * from another terminal).
 *
 * <p>Shared through H2's AUTO_SERVER mixed mode: the first process opens the file embedded and
 * serves it on a TCP port; later ones find that port (and a random key) in H2's lock file and
 * connect through it. AUTO_RECONNECT lets them carry on when the first exits or is killed: their
 * next statement opens the file embedded and serves it in turn ({@link CatalogConnections} waits out
 * the race between survivors). The port listens on loopback only ({@link LoopbackOnly}), and it
 * takes a password only the owner can read ({@link CatalogSecret}) to connect through it; work
 * runs as a user that cannot run code or touch files through SQL ({@link CatalogUsers}), and the
 * catalog's folder is its owner's only ({@link CatalogFolder}); docs/decisions/catalog-access.md.
 * Everything else stays as it was with one process: a transaction is
 * still all or nothing for every process (an import in one is invisible to the others until it
 * commits), and within one JVM connections share the embedded database.
 *
 * <p>This replaced a catalog held exclusively by one process, which told a second one "in use":
 * users ran {@code job stop} while {@code job attach} was running, and the app beside the CLI. The
 * cost is a port on loopback and a second process's statements crossing a socket (numbers in
 * docs/PERFORMANCE.md). Opening is one process at a time ({@link OpeningLock}), so migrations never
 * race, and a process never upgrades the schema under another one that is using it
 * ({@link Migrations}).
 */
public final class Catalog implements AutoCloseable {

    /** H2's "Database may be already in use" (org.h2.api.ErrorCode.DATABASE_ALREADY_OPEN_1). */
    private static final int H2_ALREADY_OPEN = 90020;

    /** H2's "Exception opening port" (org.h2.api.ErrorCode.EXCEPTION_OPENING_PORT_2). */
    private static final int H2_CANNOT_OPEN_PORT = 90061;

    private static final Logger LOG = LoggerFactory.getLogger(Catalog.class);

    /** How long an open waits for another process to finish opening (and migrating) the catalog. */
    private static final Duration OPENING_PATIENCE = Duration.ofSeconds(60);

    /** One open at a time in this JVM too: an OS file lock cannot be taken twice by one process. */
    private static final Object OPENING = new Object();

    /**
     * How long a connection may wait while another process takes over serving the file. The
     * winner opens the file and starts its server meanwhile: at a load of 9 on two cores that took
     * over 10 s (SharedCatalogTest, 2026-12-05), so the margin is 30 s; it is spent only while the
     * file changes hands.
     */
    private static final Duration TAKEOVER_PATIENCE = Duration.ofSeconds(30);

    private final Path location;
    private final Connection keeper;
    private final CatalogConnections connections;

    /** Whether this process holds the catalog without sharing it ({@link UnsharedHold}). */
    private final boolean unshared;

    private Catalog(
            Path location, String url, String password, Connection keeper, boolean unshared) {
        this.location = location;
        this.keeper = keeper;
        this.unshared = unshared;
        this.connections =
                new CatalogConnections(url, CatalogUsers.EVERYDAY, password, TAKEOVER_PATIENCE);
    }

    /**
     * Opens (creating if needed) the catalog at {@code location} and brings its schema up to date,
     * sharing it with any other process that has it open.
     *
     * @param location the database path without H2's {@code .mv.db} suffix (a given suffix is dropped)
     * @throws CatalogException.InUse when a process that does not share catalogs (an older ASR
     *     Workbench) holds it, or when it needs upgrading while another process uses it
     * @throws CatalogException.SchemaTooNew when a newer workbench wrote it
     */
    public static Catalog open(Path location) {
        Path db = withoutH2Suffix(location.toAbsolutePath().normalize());
        try {
            CatalogFolder.create(db);
        } catch (IOException e) {
            throw new CatalogException(
                    "cannot create the folder "
                            + db.getParent()
                            + " for the catalog ("
                            + e.getMessage()
                            + "); use --db PATH or "
                            + AppDirs.DB_ENV
                            + " to put it elsewhere",
                    e);
        }
        CatalogFolder.warnIfOpenToOthers(db);
        LoopbackOnly.confineH2();
        String url = urlOf(db);
        synchronized (OPENING) {
            try (OpeningLock opening = OpeningLock.acquire(db, OPENING_PATIENCE)) {
                return connectAndMigrate(db, url);
            } catch (IOException e) {
                throw new CatalogException(
                        "cannot release the lock "
                                + OpeningLock.lockFileOf(db)
                                + ": "
                                + e.getMessage(),
                        e);
            }
        }
    }

    private static Catalog connectAndMigrate(Path db, String url) {
        Connection admin = null;
        Connection keeper = null;
        try {
            boolean secretIsNew = !CatalogSecret.exists(db);
            CatalogSecret secret = readOrCreateSecret(db);
            try {
                admin = CatalogUsers.admin(url, db, secret, secretIsNew, TAKEOVER_PATIENCE);
            } catch (SQLException e) {
                if (e.getErrorCode() != H2_CANNOT_OPEN_PORT) {
                    throw e;
                }
                // No loopback to serve on (a sandbox or network namespace without `lo`): this
                // process
                // still works, it just cannot share; others are told it holds the catalog.
                LOG.warn(
                        "the catalog at {} is not shared with other processes: H2 could not open a"
                                + " port on loopback ({})",
                        db,
                        e.getMessage());
                url = unsharedUrlOf(db);
                admin = CatalogUsers.admin(url, db, secret, secretIsNew, TAKEOVER_PATIENCE);
                UnsharedHold.mark(db);
            }
            Migrations.apply(admin, db.toString());
            String everydayUrl = withoutAdminSettings(url);
            keeper = CatalogUsers.everyday(admin, everydayUrl, secret, TAKEOVER_PATIENCE);
            closeQuietly(admin); // the keeper holds the database open; only opening needs the admin
            CatalogFolder.restrictH2Files(db);
            return new Catalog(
                    db, everydayUrl, secret.user(), keeper, url.equals(unsharedUrlOf(db)));
        } catch (SQLException | RuntimeException e) {
            closeQuietly(keeper);
            closeQuietly(admin);
            if (e instanceof SQLException s && s.getErrorCode() == H2_ALREADY_OPEN) {
                throw new CatalogException.InUse(
                        "the catalog at "
                                + db
                                + " is held by a process that does not share it (an ASR Workbench"
                                + " older than this one, or one that could not open a port on"
                                + " loopback); close that one first, or open another catalog with"
                                + " --db PATH or "
                                + AppDirs.DB_ENV);
            }
            if (e instanceof RuntimeException r) {
                throw r;
            }
            if (DiskFull.is(e)) {
                throw CatalogFailures.of(db, (SQLException) e);
            }
            throw new CatalogException(
                    "cannot open the catalog at "
                            + db
                            + ": "
                            + e.getMessage()
                            + "; if the file is damaged, move "
                            + db
                            + ".mv.db away and import again",
                    e);
        }
    }

    private static CatalogSecret readOrCreateSecret(Path db) {
        try {
            return CatalogSecret.readOrCreate(db);
        } catch (IOException e) {
            throw new CatalogException(
                    "cannot read or create the catalog's password file "
                            + CatalogSecret.fileOf(db)
                            + ": "
                            + e.getMessage(),
                    e);
        }
    }

    /** The JDBC URL of the catalog at {@code db} (no {@code .mv.db}); every process uses this one. */
    static String urlOf(Path db) {
        // MAX_COMPACT_TIME=0: no compaction pass when the database closes. It only tidies the
        // file's
        // free space (H2's background writer does that while open, too) and it cost 0.3–1 s at the
        // end of every CLI import; what is committed is durable either way.
        // WRITE_DELAY=0: a commit reaches the file (the OS's cache) before it returns. H2's default
        // keeps commits in the serving process's memory for up to 500 ms, so killing that process
        // lost what another process had just committed through it, which that process had already
        // reported done (SharedCatalogTest.twoProcessesLeftWhenTheServerIsKilledBothCarryOn).
        return unsharedUrlOf(db) + ";AUTO_SERVER=TRUE;AUTO_RECONNECT=TRUE";
    }

    /** The catalog held by this process alone, for when it cannot serve it to others. */
    static String unsharedUrlOf(Path db) {
        return "jdbc:h2:file:" + db + ";MAX_COMPACT_TIME=0" + ADMIN_SETTINGS;
    }

    /**
     * WRITE_DELAY is a setting of the database, kept in it, that only its admin may set: the admin's
     * connection sets it on every open, and the everyday user's connections (which open the file
     * when they take over serving it) find it there.
     */
    private static final String ADMIN_SETTINGS = ";WRITE_DELAY=0";

    /** {@code url} as the everyday user connects to it ({@link CatalogUsers}). */
    static String withoutAdminSettings(String url) {
        return url.replace(ADMIN_SETTINGS, "");
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
                try {
                    c.rollback();
                } catch (SQLException lost) {
                    e.addSuppressed(
                            lost); // the connection died with e (a full disk, a server gone): e
                    // says why
                }
                throw e;
            }
        } catch (SQLException e) {
            throw failed(e);
        }
    }

    /**
     * A connection to the open catalog, checked to reach it; the caller closes it, which keeps it
     * for the next caller ({@link CatalogConnections}).
     */
    public Connection connect() throws SQLException {
        return connections.take();
    }

    private CatalogException failed(SQLException e) {
        return CatalogFailures.of(location, e);
    }

    @Override
    public void close() {
        connections.close();
        closeQuietly(keeper);
        if (unshared) {
            UnsharedHold.unmark(location);
        }
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
