package io.asrwb.engine.store;

import java.nio.file.Path;
import java.sql.SQLException;
import java.util.Set;

/**
 * H2's failures as lines a user can act on. H2 says "The database has been closed [90098]" after
 * a write hit a full disk, and "Database is already closed (to disable automatic closing at VM
 * shutdown, add ;DB_CLOSE_ON_EXIT=FALSE …) [90121]" to a second process whose statement reached
 * the serving process while it was ending: true, but neither says what happened or what to do.
 */
final class CatalogFailures {

    /**
     * H2 codes of "the process serving the catalog went away under this statement": already closed
     * at shutdown (90121), connection broken (90067).
     */
    private static final Set<Integer> SERVER_GONE = Set.of(90121, 90067);

    /** H2's "The database has been closed": its process ended, or a write failed and H2 gave up. */
    private static final int CLOSED = 90098;

    private CatalogFailures() {}

    /** Whether {@code e} says the serving process went away under the statement. */
    static boolean serverGone(CatalogException e) {
        return e.getCause() instanceof SQLException s && SERVER_GONE.contains(s.getErrorCode());
    }

    /** {@code e}, met while using the catalog at {@code location}, as a CatalogException. */
    static CatalogException of(Path location, SQLException e) {
        if (DiskFull.is(e)) {
            return new CatalogException.NoSpace(
                    "cannot write the catalog "
                            + location
                            + ".mv.db: no space left on device; what this command was writing was"
                            + " rolled back; free space on that disk and run the command again",
                    e);
        }
        if (SERVER_GONE.contains(e.getErrorCode())) {
            return new CatalogException(
                    "the process that served the catalog "
                            + location
                            + " ended while this command was using it; nothing this command was"
                            + " writing was kept: run the command again",
                    e);
        }
        if (e.getErrorCode() == CLOSED) {
            return new CatalogException(
                    "the catalog "
                            + location
                            + " was closed while this command was using it (the process serving it"
                            + " ended, or a write to it failed: check the free space on its disk);"
                            + " nothing this command was writing was kept: run the command again",
                    e);
        }
        return new CatalogException("catalog " + location + ": " + e.getMessage(), e);
    }
}
