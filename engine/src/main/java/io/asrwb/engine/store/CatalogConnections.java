package io.asrwb.engine.store;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.Deque;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BooleanSupplier;

/**
 * The catalog's connections: kept open between uses, checked before each use, and reopened
 * patiently while another process takes over serving the file.
 *
 * <p>Kept open because a new connection through another process's port costs a lock-file read, a
 * probe of the server and a TCP handshake (14–100 ms measured under load), and {@code job attach}
 * saves its offset after every line. Checked before use (one {@code SELECT 1}) because a kept
 * connection may have lost its server: H2 reconnects it on its next statement, and when that
 * fails it is dead for good; it is then dropped here, not handed out again. H2's own
 * {@code JdbcConnectionPool} puts such a dead connection back in its pool.
 *
 * <p>Reopened patiently because when the serving process ends, every other process reconnects
 * at once and they race to open the file; H2 answers the losers "Locked by another process"
 * (90020) or "Lock file recently modified" (8000) instead of waiting for the winner to serve
 * (found by SharedCatalogTest.twoProcessesLeftWhenTheServerIsKilledBothCarryOn). All of this
 * happens before any work runs on the connection, so nothing is done twice.
 */
final class CatalogConnections implements AutoCloseable {

    /** H2 codes of "the file is changing hands": already open, lock file busy, connection broken, closed. */
    private static final Set<Integer> TAKEOVER = Set.of(90020, 8000, 90067, 90121);

    private static final int MAX_IDLE = 8;
    private static final long PAUSE_MS = 100;

    private final String url;
    private final String user;
    private final String password;
    private final Duration patience;
    private final Deque<Connection> idle = new ConcurrentLinkedDeque<>();

    CatalogConnections(String url, String user, String password, Duration patience) {
        this.url = url;
        this.user = user;
        this.password = password;
        this.patience = patience;
    }

    /** A checked connection; closing it gives it back. */
    Connection take() throws SQLException {
        Connection c;
        while ((c = idle.pollFirst()) != null) {
            if (works(c)) {
                return handle(c);
            }
            closeQuietly(c);
        }
        return handle(open(url, user, password, patience));
    }

    /**
     * A new checked connection to {@code url} as {@code user}, retried while another process takes
     * the file over.
     */
    static Connection open(String url, String user, String password, Duration patience)
            throws SQLException {
        return open(url, user, password, patience, () -> false);
    }

    /**
     * As {@link #open(String, String, String, Duration)}, giving up at once when {@code
     * noTakeover} says the file is held by a process that will not hand it over.
     */
    static Connection open(
            String url, String user, String password, Duration patience, BooleanSupplier noTakeover)
            throws SQLException {
        long deadline = System.nanoTime() + patience.toNanos();
        while (true) {
            Connection c = null;
            try {
                c = DriverManager.getConnection(url, user, password);
                probe(c);
                return c;
            } catch (SQLException e) {
                closeQuietly(c);
                if (!TAKEOVER.contains(e.getErrorCode())
                        || System.nanoTime() - deadline > 0
                        || noTakeover.getAsBoolean()) {
                    throw e;
                }
                pause();
            }
        }
    }

    private static boolean works(Connection c) {
        try {
            probe(c);
            return true;
        } catch (SQLException e) {
            return false;
        }
    }

    private static void probe(Connection c) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute("SELECT 1");
        }
    }

    /** {@code real} behind a Connection whose close() gives it back instead of closing it. */
    private Connection handle(Connection real) {
        AtomicBoolean given = new AtomicBoolean();
        return (Connection)
                Proxy.newProxyInstance(
                        Connection.class.getClassLoader(),
                        new Class<?>[] {Connection.class},
                        (proxy, method, args) -> {
                            String name = method.getName();
                            if (name.equals("close") && method.getParameterCount() == 0) {
                                if (given.compareAndSet(false, true)) {
                                    giveBack(real);
                                }
                                return null;
                            }
                            if (name.equals("isClosed") && method.getParameterCount() == 0) {
                                return given.get() || real.isClosed();
                            }
                            if (given.get()) {
                                throw new SQLException("this catalog connection was closed");
                            }
                            try {
                                return method.invoke(real, args);
                            } catch (InvocationTargetException e) {
                                throw e.getCause();
                            }
                        });
    }

    private void giveBack(Connection c) {
        try {
            if (!c.isClosed() && !c.getAutoCommit()) {
                c.rollback();
                c.setAutoCommit(true);
            }
            if (!c.isClosed() && idle.size() < MAX_IDLE) {
                idle.push(c);
                return;
            }
        } catch (SQLException e) {
            // a broken connection is closed below, not kept
        }
        closeQuietly(c);
    }

    private static void pause() throws SQLException {
        try {
            Thread.sleep(PAUSE_MS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SQLException("interrupted while the catalog changed hands", e);
        }
    }

    @Override
    public void close() {
        Connection c;
        while ((c = idle.pollFirst()) != null) {
            closeQuietly(c);
        }
    }

    private static void closeQuietly(Connection c) {
        if (c != null) {
            try {
                c.close();
            } catch (SQLException ignored) {
                // dropping a connection that is already broken
            }
        }
    }
}
