package io.asrwb.engine.store;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.function.BooleanSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The catalog's two H2 users. The admin ({@value #ADMIN}, who created the database) is used only
 * while a process opens the catalog, to bring its schema and users up to date. Everything else
 * runs as the everyday user ({@value #EVERYDAY}): it may read and write the rows of the catalog's
 * tables and nothing more. H2 2.3 keeps to admins what would let a connection run code or touch
 * files as the serving process's owner: {@code CREATE ALIAS}, triggers, {@code FILE_READ},
 * {@code FILE_WRITE}, {@code CSVREAD}/{@code CSVWRITE}, {@code RUNSCRIPT}, {@code SCRIPT TO},
 * {@code BACKUP}, linked tables, and creating or dropping tables (checked by CatalogAccessTest).
 *
 * <p>Catalogs of earlier workbenches have an admin with an empty password and no everyday user:
 * the first current workbench to open one gives the admin the password in {@link CatalogSecret}
 * and creates the everyday user. Opening is one process at a time ({@link OpeningLock}), so two
 * processes never do it at once; an earlier workbench that has the catalog open keeps its
 * sessions, and one started later is refused ("Wrong user name or password").
 */
final class CatalogUsers {

    static final String ADMIN = "asrwb";
    static final String EVERYDAY = "asrwb_app";

    /** H2's "Wrong user name or password" (org.h2.api.ErrorCode.WRONG_USER_OR_PASSWORD). */
    private static final int H2_WRONG_PASSWORD = 28000;

    private static final Logger LOG = LoggerFactory.getLogger(CatalogUsers.class);

    private CatalogUsers() {}

    /** Whether a live process holds the catalog without sharing it ({@link UnsharedHold}). */
    private static BooleanSupplier heldUnshared(Path db) {
        return () -> UnsharedHold.holder(db).isPresent();
    }

    /**
     * A connection as the admin. A catalog whose admin still has the empty password of earlier
     * workbenches is given {@code secret}'s here.
     */
    static Connection admin(
            String url, Path db, CatalogSecret secret, boolean secretIsNew, Duration patience)
            throws SQLException {
        try {
            return CatalogConnections.open(url, ADMIN, secret.admin(), patience, heldUnshared(db));
        } catch (SQLException e) {
            if (e.getErrorCode() != H2_WRONG_PASSWORD) {
                throw e;
            }
        }
        Connection c;
        try {
            c = CatalogConnections.open(url, ADMIN, "", patience, heldUnshared(db));
        } catch (SQLException e) {
            if (e.getErrorCode() != H2_WRONG_PASSWORD) {
                throw e;
            }
            Path file = CatalogSecret.fileOf(db);
            if (secretIsNew) {
                // made just now for a catalog that has a password already: leave things as they
                // were
                deleteQuietly(file);
                throw new CatalogException(
                        "the catalog at "
                                + db
                                + " requires a password, and its file "
                                + file
                                + " is missing; put it back beside "
                                + db
                                + ".mv.db (it goes wherever the"
                                + " catalog goes), or move "
                                + db
                                + ".mv.db away to start a new catalog",
                        e);
            }
            throw new CatalogException(
                    "the catalog at "
                            + db
                            + " does not accept the password in "
                            + file
                            + " (that file was not made with this catalog); put the catalog's own "
                            + file.getFileName()
                            + " beside it, or move "
                            + db
                            + ".mv.db away to start a new"
                            + " catalog",
                    e);
        }
        try {
            setPassword(c, ADMIN, secret.admin());
        } catch (SQLException | RuntimeException e) {
            c.close();
            throw e;
        }
        LOG.info(
                "catalog: {} had no password (an earlier workbench made it); it now requires the"
                        + " one in {}",
                db,
                CatalogSecret.fileOf(db));
        return c;
    }

    /**
     * Creates the everyday user when it is missing, gives it {@code secret}'s password (again: a
     * user may change its own) and the rights on the catalog's tables, then connects as it.
     */
    static Connection everyday(
            Connection admin, String url, CatalogSecret secret, Duration patience)
            throws SQLException {
        try (PreparedStatement p =
                admin.prepareStatement("CREATE USER IF NOT EXISTS " + EVERYDAY + " PASSWORD ?")) {
            p.setString(1, secret.user());
            p.execute();
        }
        setPassword(admin, EVERYDAY, secret.user());
        try (Statement s = admin.createStatement()) {
            // on the schema, so tables that later migrations add are covered too
            s.execute("GRANT SELECT, INSERT, UPDATE, DELETE ON SCHEMA PUBLIC TO " + EVERYDAY);
        }
        return CatalogConnections.open(url, EVERYDAY, secret.user(), patience);
    }

    private static void deleteQuietly(Path file) {
        try {
            Files.deleteIfExists(file);
        } catch (IOException ignored) {
            // the message says what to do either way
        }
    }

    private static void setPassword(Connection c, String user, String password)
            throws SQLException {
        try (PreparedStatement p = c.prepareStatement("ALTER USER " + user + " SET PASSWORD ?")) {
            p.setString(1, password);
            p.execute();
        }
    }
}
