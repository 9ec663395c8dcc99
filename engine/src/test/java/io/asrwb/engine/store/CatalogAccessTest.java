package io.asrwb.engine.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.asrwb.engine.files.OwnerOnly;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.LoggerFactory;

/**
 * Who may do what with a catalog: its files are its owner's (layer a), its server takes a password
 * kept in an owner-only file (layer b), and everyday work runs as a user that can neither run code
 * nor touch files through SQL (layer c). Another Unix user's view: CatalogOtherUserTest.
 */
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class CatalogAccessTest {

    /** H2's "Admin rights are required" and "Not enough rights". */
    private static final List<Integer> REFUSED = List.of(90040, 90096);

    @TempDir Path dir;

    @Test
    void aNewCatalogsFilesAreItsOwnersOnly() throws Exception {
        assumeTrue(OwnerOnly.posix(dir), "needs POSIX permissions");
        Path db = dir.resolve("data").resolve("asrwb").resolve("catalog");
        try (Catalog catalog = Catalog.open(db)) {
            assertThat(perms(db.getParent())).isEqualTo("rwx------");
            assertThat(perms(dir.resolve("data")))
                    .as("a parent made for it too")
                    .isEqualTo("rwx------");
            for (String file :
                    List.of(
                            "catalog.mv.db",
                            "catalog.lock.db",
                            "catalog.secret",
                            "catalog.opening.lock")) {
                assertThat(perms(db.resolveSibling(file))).as(file).isEqualTo("rw-------");
            }
        }
    }

    @Test
    void inAFolderOthersCanEnterH2sFilesAreNarrowedAndTheFolderIsWarnedAbout() throws Exception {
        assumeTrue(OwnerOnly.posix(dir), "needs POSIX permissions");
        Path open = Files.createDirectory(dir.resolve("open"));
        Files.setPosixFilePermissions(open, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path db = open.resolve("catalog");
        List<ILoggingEvent> warnings =
                captureWarnings(
                        () -> {
                            try (Catalog catalog = Catalog.open(db)) {
                                assertThat(perms(db.resolveSibling("catalog.mv.db")))
                                        .isEqualTo("rw-------");
                                assertThat(perms(db.resolveSibling("catalog.lock.db")))
                                        .isEqualTo("rw-------");
                                assertThat(perms(db.resolveSibling("catalog.secret")))
                                        .isEqualTo("rw-------");
                            }
                        });
        assertThat(warnings)
                .extracting(ILoggingEvent::getFormattedMessage)
                .containsExactly(
                        "other users can enter the folder "
                                + open
                                + " that holds the catalog (rwxr-xr-x); run: chmod 700 "
                                + open);
        assertThat(perms(open)).as("the user's folder is left as it is").isEqualTo("rwxr-xr-x");

        Files.setPosixFilePermissions(open, PosixFilePermissions.fromString("rwx------"));
        assertThat(captureWarnings(() -> Catalog.open(db).close())).isEmpty();
    }

    @Test
    void theServerTakesTheCatalogsPasswordNotAnEmptyOne() throws Exception {
        Path db = dir.resolve("catalog");
        try (Catalog catalog = Catalog.open(db)) {
            CatalogSecret secret = CatalogSecret.read(CatalogSecret.fileOf(db));
            assertThat(secret.admin()).hasSizeGreaterThanOrEqualTo(43).isNotEqualTo(secret.user());
            for (String user : List.of(CatalogUsers.ADMIN, CatalogUsers.EVERYDAY)) {
                assertThatThrownBy(
                                () ->
                                        DriverManager.getConnection(Catalog.urlOf(db), user, "")
                                                .close())
                        .as(user)
                        .isInstanceOf(SQLException.class)
                        .hasMessageContaining("Wrong user name or password");
            }
            try (Connection c =
                    DriverManager.getConnection(
                            Catalog.withoutAdminSettings(Catalog.urlOf(db)),
                            CatalogUsers.EVERYDAY,
                            secret.user())) {
                assertThat(count(c, "SELECT COUNT(*) FROM schema_version"))
                        .isEqualTo(Migrations.FILES.size());
            }
        }
        // a new catalog gets passwords of its own
        try (Catalog other = Catalog.open(dir.resolve("other"))) {
            assertThat(CatalogSecret.read(CatalogSecret.fileOf(other.location())))
                    .isNotEqualTo(CatalogSecret.read(CatalogSecret.fileOf(db)));
        }
    }

    @Test
    void theEverydayConnectionCanNeitherRunCodeNorTouchFiles() throws Exception {
        Path victim = Files.writeString(dir.resolve("victim.txt"), "private");
        Path written = dir.resolve("written.csv");
        List<String> attempts =
                List.of(
                        "CREATE ALIAS RUN_CMD AS $$ String run(String c) throws Exception { return"
                                + " new String(new ProcessBuilder(\"/bin/sh\", \"-c\","
                                + " c).start().getInputStream().readAllBytes()); } $$",
                        "CREATE ALIAS GET_PROP FOR 'java.lang.System.getProperty'",
                        "CREATE TRIGGER T BEFORE INSERT ON hosts AS $$org.h2.api.Trigger create() {"
                                + " return null; } $$",
                        "SELECT FILE_READ('" + victim + "')",
                        "SELECT FILE_WRITE('x', '" + written + "')",
                        "CALL CSVWRITE('" + written + "', 'SELECT * FROM hosts')",
                        "SELECT * FROM CSVREAD('" + victim + "')",
                        "RUNSCRIPT FROM '" + victim + "'",
                        "SCRIPT TO '" + written + "'",
                        "BACKUP TO '" + written + "'",
                        "CREATE LINKED TABLE L('org.h2.Driver', 'jdbc:h2:mem:x', '', '', 'T')",
                        "CALL LINK_SCHEMA('S', '', 'jdbc:h2:mem:x', '', '', 'PUBLIC')",
                        "CREATE TABLE mine (x INT)",
                        "DROP TABLE hosts",
                        "CREATE USER intruder PASSWORD 'x' ADMIN",
                        "SHUTDOWN");
        try (Catalog catalog = Catalog.open(dir.resolve("catalog"));
                Connection c = catalog.connect()) {
            for (String sql : attempts) {
                assertThatThrownBy(
                                () -> {
                                    try (Statement s = c.createStatement()) {
                                        s.execute(sql);
                                    }
                                })
                        .as(sql)
                        .isInstanceOfSatisfying(
                                SQLException.class,
                                e -> assertThat(e.getErrorCode()).as(e.getMessage()).isIn(REFUSED));
            }
            assertThat(written).doesNotExist();
            assertThat(count(c, "SELECT COUNT(*) FROM hosts"))
                    .as("the catalog still works")
                    .isZero();
        }
    }

    @Test
    void aCatalogOfAnEarlierWorkbenchGetsItsPasswordsOnItsFirstOpen() throws Exception {
        Path db = dir.resolve("catalog");
        makeAsEarlierWorkbenchesDid(db);
        assertThat(CatalogSecret.fileOf(db)).doesNotExist();

        try (Catalog catalog = Catalog.open(db)) {
            assertThat(count(catalog, "SELECT COUNT(*) FROM hosts")).isEqualTo(1);
        }
        assertThat(CatalogSecret.fileOf(db)).exists();
        assertThatThrownBy(
                        () ->
                                DriverManager.getConnection(
                                                Catalog.urlOf(db), CatalogUsers.ADMIN, "")
                                        .close())
                .hasMessageContaining("Wrong user name or password");
        try (Catalog again = Catalog.open(db)) {
            assertThat(count(again, "SELECT COUNT(*) FROM hosts")).isEqualTo(1);
        }
    }

    @Test
    void anEarlierWorkbenchThatHasItOpenKeepsWorkingWhileTheCatalogGetsItsPassword()
            throws Exception {
        Path db = dir.resolve("catalog");
        makeAsEarlierWorkbenchesDid(db);
        LoopbackOnly.confineH2();
        try (Connection earlier =
                DriverManager.getConnection(Catalog.urlOf(db), CatalogUsers.ADMIN, "")) {
            try (Catalog catalog = Catalog.open(db)) {
                assertThat(count(catalog, "SELECT COUNT(*) FROM hosts")).isEqualTo(1);
            }
            assertThat(count(earlier, "SELECT COUNT(*) FROM hosts")).isEqualTo(1);
        }
    }

    @Test
    void processesStartedTogetherOnACatalogOfAnEarlierWorkbenchAllOpenIt() throws Exception {
        Path db = dir.resolve("catalog");
        makeAsEarlierWorkbenchesDid(db);
        List<Subprocess> children = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            children.add(Subprocess.talk("import", db, "set-" + i, "10"));
        }
        for (Subprocess child : children) {
            try (child) {
                assertThat(child.finish()).as("%s", child.said()).isZero();
            }
        }
        try (Catalog catalog = Catalog.open(db)) {
            assertThat(count(catalog, "SELECT COUNT(*) FROM datasets")).isEqualTo(3);
        }
    }

    @Test
    void aSecretFileOfAnotherCatalogIsAClearMessage() throws Exception {
        Path db = dir.resolve("catalog");
        Catalog.open(db).close();
        Catalog.open(dir.resolve("other")).close();
        Files.copy(
                CatalogSecret.fileOf(dir.resolve("other")),
                CatalogSecret.fileOf(db),
                java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        assertThatThrownBy(() -> Catalog.open(db))
                .isInstanceOf(CatalogException.class)
                .hasMessageContaining("does not accept the password in " + CatalogSecret.fileOf(db))
                .hasMessageContaining("put the catalog's own catalog.secret beside it");
    }

    @Test
    void aMissingSecretFileIsAClearMessageAndPuttingItBackOpensTheCatalog() throws Exception {
        Path db = dir.resolve("catalog");
        Catalog.open(db).close();
        Path kept = Files.move(CatalogSecret.fileOf(db), dir.resolve("kept.secret"));
        assertThatThrownBy(() -> Catalog.open(db))
                .isInstanceOf(CatalogException.class)
                .hasMessageContaining(
                        "requires a password, and its file "
                                + CatalogSecret.fileOf(db)
                                + " is missing")
                .hasMessageContaining("put it back beside " + db + ".mv.db");
        assertThat(CatalogSecret.fileOf(db)).as("no secret made up for it").doesNotExist();

        Files.move(kept, CatalogSecret.fileOf(db));
        try (Catalog catalog = Catalog.open(db)) {
            assertThat(catalog.schemaVersion()).isEqualTo(Migrations.latestVersion());
        }
    }

    @Test
    void aSecretFileOthersCanReadIsNarrowed() throws Exception {
        assumeTrue(OwnerOnly.posix(dir), "needs POSIX permissions");
        Path db = dir.resolve("catalog");
        Catalog.open(db).close();
        Files.setPosixFilePermissions(
                CatalogSecret.fileOf(db), PosixFilePermissions.fromString("rw-r--r--"));
        List<ILoggingEvent> warnings = captureWarnings(() -> Catalog.open(db).close());
        assertThat(perms(CatalogSecret.fileOf(db))).isEqualTo("rw-------");
        assertThat(warnings)
                .extracting(ILoggingEvent::getFormattedMessage)
                .anySatisfy(m -> assertThat(m).contains("was readable by other users"));
    }

    /** A catalog as workbenches before passwords made it: its admin's password is empty. */
    private static void makeAsEarlierWorkbenchesDid(Path db) throws SQLException {
        LoopbackOnly.confineH2(); // before this JVM's first H2 connection, as Catalog.open does
        try (Connection c =
                DriverManager.getConnection(Catalog.unsharedUrlOf(db), CatalogUsers.ADMIN, "")) {
            Migrations.apply(c, db.toString());
            try (Statement s = c.createStatement()) {
                s.executeUpdate(
                        "INSERT INTO hosts(name, address, port, user_name, created_at)"
                                + " VALUES ('gpu1', 'gpu1.example', 22, 'me', CURRENT_TIMESTAMP)");
            }
        }
    }

    private static List<ILoggingEvent> captureWarnings(ThrowingRunnable work) throws Exception {
        Logger root = (Logger) LoggerFactory.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
        ListAppender<ILoggingEvent> appender = new ListAppender<>();
        appender.start();
        root.addAppender(appender);
        try {
            work.run();
        } finally {
            root.detachAppender(appender);
        }
        return appender.list.stream()
                .filter(e -> e.getLevel().isGreaterOrEqual(Level.WARN))
                .toList();
    }

    private interface ThrowingRunnable {
        void run() throws Exception;
    }

    private static String perms(Path p) throws Exception {
        return PosixFilePermissions.toString(Files.getPosixFilePermissions(p));
    }

    private static int count(Catalog catalog, String sql) {
        return catalog.read(c -> count(c, sql));
    }

    private static int count(Connection c, String sql) throws SQLException {
        try (Statement s = c.createStatement();
                ResultSet r = s.executeQuery(sql)) {
            r.next();
            return r.getInt(1);
        }
    }
}
