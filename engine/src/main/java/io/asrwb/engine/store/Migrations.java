package io.asrwb.engine.store;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Brings a catalog's schema up to date: SQL files {@code migrations/V<n>__<what>.sql} on the class
 * path, applied in order, each in its own transaction, recorded in {@code schema_version}.
 *
 * <p>Hand-written rather than Flyway: the whole job is ~80 lines over one embedded database, Flyway
 * would add a 600 KB dependency (not in the offline repository either) whose free edition drops
 * old H2 versions on its own schedule, and we need a custom refusal of newer schemas anyway.
 * The list of files is explicit below because class-path folders cannot be listed inside a jar;
 * a test checks that every V*.sql in the folder is listed.
 */
final class Migrations {

    private static final Logger LOG = LoggerFactory.getLogger(Migrations.class);

    /** In order. Never edit a released file: add the next one. */
    static final List<String> FILES =
            List.of(
                    "V1__init.sql",
                    "V2__hosts.sql",
                    "V3__runs.sql",
                    "V4__jobs.sql",
                    "V5__job_backend.sql",
                    "V6__alignments_and_evals.sql",
                    "V7__utterance_meta.sql");

    private static final Pattern NAME = Pattern.compile("V(\\d+)__(.+)\\.sql");

    private Migrations() {}

    static int latestVersion() {
        return versionOf(FILES.get(FILES.size() - 1));
    }

    /** Applies what is missing; refuses a catalog newer than this code. */
    static void apply(Connection c, String where) throws SQLException {
        apply(c, where, FILES);
    }

    /** Applies what is missing of {@code files} (the first ones of {@link #FILES}: an older workbench). */
    static void apply(Connection c, String where, List<String> files) throws SQLException {
        boolean auto = c.getAutoCommit();
        c.setAutoCommit(false);
        try {
            try (Statement s = c.createStatement()) {
                s.execute(
                        "CREATE TABLE IF NOT EXISTS schema_version ("
                                + "version INT PRIMARY KEY, description VARCHAR NOT NULL, "
                                + "applied_at TIMESTAMP WITH TIME ZONE NOT NULL)");
            }
            c.commit();
            int current = currentVersion(c);
            int latest = versionOf(files.get(files.size() - 1));
            if (current > latest) {
                throw new CatalogException.SchemaTooNew(
                        "the catalog at "
                                + where
                                + " has schema version "
                                + current
                                + ", newer than this ASR Workbench understands ("
                                + latest
                                + "); update ASR Workbench, or open another catalog with --db PATH"
                                + " or "
                                + AppDirs.DB_ENV);
            }
            if (current < latest) {
                refuseWhileOthersUseIt(c, where, current, latest);
            }
            for (String file : files) {
                int v = versionOf(file);
                if (v > current) {
                    applyOne(c, file, v);
                }
            }
        } catch (SQLException | RuntimeException e) {
            c.rollback();
            throw e;
        } finally {
            c.setAutoCommit(auto);
        }
    }

    /**
     * An upgrade changes tables under the feet of every process that has the catalog open, and one
     * still there is an older workbench (a current one would have upgraded it already): it is
     * refused until that one closes. Opening is one process at a time ({@link OpeningLock}), so
     * nobody can join between this check and the upgrade.
     */
    private static void refuseWhileOthersUseIt(Connection c, String where, int current, int latest)
            throws SQLException {
        int others;
        try (Statement s = c.createStatement();
                ResultSet r =
                        s.executeQuery(
                                "SELECT COUNT(*) FROM INFORMATION_SCHEMA.SESSIONS WHERE SESSION_ID"
                                        + " <> SESSION_ID()")) {
            r.next();
            others = r.getInt(1);
        }
        if (others > 0) {
            throw new CatalogException.InUse(
                    "the catalog at "
                            + where
                            + " needs upgrading from schema"
                            + " version "
                            + current
                            + " to "
                            + latest
                            + ", but an older ASR Workbench has it open ("
                            + others
                            + " connection"
                            + (others == 1 ? "" : "s")
                            + "); close that one, then try again");
        }
    }

    static int currentVersion(Connection c) throws SQLException {
        try (Statement s = c.createStatement();
                ResultSet r =
                        s.executeQuery("SELECT COALESCE(MAX(version), 0) FROM schema_version")) {
            r.next();
            return r.getInt(1);
        }
    }

    private static void applyOne(Connection c, String file, int version) throws SQLException {
        Matcher m = NAME.matcher(file);
        m.matches();
        LOG.info("catalog: applying schema migration {}", file);
        try (Statement s = c.createStatement()) {
            for (String sql : statements(read(file))) {
                s.execute(sql);
            }
        }
        try (PreparedStatement p =
                c.prepareStatement(
                        "INSERT INTO schema_version(version, description, applied_at) VALUES (?, ?,"
                                + " ?)")) {
            p.setInt(1, version);
            p.setString(2, m.group(2).replace('_', ' '));
            p.setObject(3, OffsetDateTime.now(ZoneOffset.UTC));
            p.executeUpdate();
        }
        c.commit();
    }

    static int versionOf(String file) {
        Matcher m = NAME.matcher(file);
        if (!m.matches()) {
            throw new IllegalStateException(
                    "migration file name " + file + " is not V<n>__<what>.sql");
        }
        return Integer.parseInt(m.group(1));
    }

    private static String read(String file) {
        try (InputStream in = Migrations.class.getResourceAsStream("migrations/" + file)) {
            if (in == null) {
                throw new IllegalStateException(
                        "migration " + file + " is missing from the class path");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalStateException("cannot read migration " + file, e);
        }
    }

    /** Splits on ';' at line ends; our migrations hold no procedural code or ';' inside strings. */
    static List<String> statements(String script) {
        StringBuilder clean = new StringBuilder();
        for (String line : script.split("\n")) {
            String t = line.strip();
            if (!t.startsWith("--")) {
                clean.append(line).append('\n');
            }
        }
        return java.util.Arrays.stream(clean.toString().split(";\\s*\n"))
                .map(String::strip)
                .filter(s -> !s.isEmpty())
                .map(s -> s.endsWith(";") ? s.substring(0, s.length() - 1) : s)
                .toList();
    }
}
