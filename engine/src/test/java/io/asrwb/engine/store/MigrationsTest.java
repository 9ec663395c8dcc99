package io.asrwb.engine.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

class MigrationsTest {

    @TempDir Path dir;

    @Test
    void emptyCatalogIsMigratedToTheLatestVersionWithEveryTable() {
        try (Catalog catalog = Catalog.open(dir.resolve("catalog"))) {
            assertThat(catalog.schemaVersion()).isEqualTo(Migrations.latestVersion());
            List<String> tables =
                    catalog.read(
                            c -> {
                                List<String> t = new ArrayList<>();
                                try (Statement s = c.createStatement();
                                        ResultSet r =
                                                s.executeQuery(
                                                        "SELECT table_name FROM"
                                                                + " information_schema.tables WHERE"
                                                                + " table_schema = 'PUBLIC'")) {
                                    while (r.next()) {
                                        t.add(r.getString(1).toLowerCase(Locale.ROOT));
                                    }
                                }
                                return t;
                            });
            assertThat(tables)
                    .contains(
                            "schema_version",
                            "datasets",
                            "manifest_versions",
                            "utterances",
                            "curation",
                            "import_reports",
                            "import_problems");
        }
        assertThat(dir.resolve("catalog.mv.db")).exists();
    }

    @Test
    void reopeningAppliesNothingTwice() {
        Catalog.open(dir.resolve("catalog")).close();
        try (Catalog catalog = Catalog.open(dir.resolve("catalog.mv.db"))) {
            int rows =
                    catalog.read(
                            c -> {
                                try (Statement s = c.createStatement();
                                        ResultSet r =
                                                s.executeQuery(
                                                        "SELECT COUNT(*) FROM schema_version")) {
                                    r.next();
                                    return r.getInt(1);
                                }
                            });
            assertThat(rows).isEqualTo(Migrations.FILES.size());
        }
    }

    @Test
    void catalogFromANewerWorkbenchIsRefusedWithAClearMessage() {
        try (Catalog catalog = Catalog.open(dir.resolve("catalog"))) {
            catalog.read(
                    c ->
                            c.createStatement()
                                    .executeUpdate(
                                            "INSERT INTO schema_version VALUES (99, 'from the"
                                                    + " future', CURRENT_TIMESTAMP)"));
        }
        assertThatThrownBy(() -> Catalog.open(dir.resolve("catalog")))
                .isInstanceOf(CatalogException.SchemaTooNew.class)
                .hasMessageContaining("schema version 99")
                .hasMessageContaining("update ASR Workbench")
                .hasMessageContaining(dir.resolve("catalog").toString());
    }

    @Test
    @Timeout(value = 3, unit = TimeUnit.MINUTES)
    void processesStartedTogetherOnANewCatalogMigrateItOnce() throws Exception {
        Path db = dir.resolve("catalog");
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
            assertThat(count(catalog, "SELECT COUNT(*) FROM schema_version"))
                    .isEqualTo(Migrations.FILES.size());
            assertThat(count(catalog, "SELECT COUNT(*) FROM datasets")).isEqualTo(3);
        }
    }

    @Test
    void anUpgradeIsRefusedWhileAnOlderWorkbenchHasTheCatalogOpen() throws Exception {
        Path db = dir.resolve("catalog");
        List<String> older = Migrations.FILES.subList(0, Migrations.FILES.size() - 1);
        LoopbackOnly.confineH2(); // before this JVM's first H2 connection, as Catalog.open does
        try (Connection olderWorkbench =
                DriverManager.getConnection(Catalog.urlOf(db), "asrwb", "")) {
            Migrations.apply(olderWorkbench, db.toString(), older);
            assertThatThrownBy(() -> Catalog.open(db))
                    .isInstanceOf(CatalogException.InUse.class)
                    .hasMessageContaining(
                            "needs upgrading from schema version "
                                    + (Migrations.latestVersion() - 1)
                                    + " to "
                                    + Migrations.latestVersion())
                    .hasMessageContaining("close that one");
            assertThat(Migrations.currentVersion(olderWorkbench))
                    .isEqualTo(Migrations.latestVersion() - 1);
        }
        try (Catalog catalog = Catalog.open(db)) {
            assertThat(catalog.schemaVersion()).isEqualTo(Migrations.latestVersion());
        }
    }

    @Test
    void aNewerWorkbenchHoldingTheCatalogOpenStillMeansTooNew() throws Exception {
        Path db = dir.resolve("catalog");
        Catalog.open(db).close();
        String admin = CatalogSecret.read(CatalogSecret.fileOf(db)).admin();
        try (Connection newer =
                        DriverManager.getConnection(Catalog.urlOf(db), CatalogUsers.ADMIN, admin);
                Statement s = newer.createStatement()) {
            s.executeUpdate(
                    "INSERT INTO schema_version VALUES (99, 'from the future', CURRENT_TIMESTAMP)");
            assertThatThrownBy(() -> Catalog.open(db))
                    .isInstanceOf(CatalogException.SchemaTooNew.class);
        }
    }

    private static int count(Catalog catalog, String sql) {
        return catalog.read(
                c -> {
                    try (Statement s = c.createStatement();
                            ResultSet r = s.executeQuery(sql)) {
                        r.next();
                        return r.getInt(1);
                    }
                });
    }

    @Test
    void everyMigrationFileOnTheClassPathIsListed() throws IOException, URISyntaxException {
        Path folder = Path.of(Migrations.class.getResource("migrations").toURI());
        try (Stream<Path> files = Files.list(folder)) {
            assertThat(files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".sql")))
                    .containsExactlyInAnyOrderElementsOf(Migrations.FILES);
        }
        assertThat(Migrations.FILES.stream().map(Migrations::versionOf))
                .isSorted()
                .doesNotHaveDuplicates();
    }

    @Test
    void scriptsSplitIntoStatementsWithoutComments() {
        assertThat(
                        Migrations.statements(
                                "-- a comment\n"
                                        + "CREATE TABLE a (x INT);\n\n"
                                        + "CREATE TABLE b (y INT);\n"))
                .containsExactly("CREATE TABLE a (x INT)", "CREATE TABLE b (y INT)");
    }
}
