package io.asrwb.engine.store;

import static org.assertj.core.api.Assertions.assertThat;

import io.asrwb.engine.data.ImportProgress;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** Several processes on one catalog file: real JVMs, a real H2 file, H2's AUTO_SERVER between them. */
@Timeout(
        value = 3,
        unit = TimeUnit.MINUTES) // a child that never says its line must not hang the build
class SharedCatalogTest {

    @TempDir Path dir;

    @Test
    void twoProcessesReadAndWriteTheSameCatalog() throws Exception {
        Path db = dir.resolve("catalog");
        try (Subprocess first = Subprocess.talk("stepwise", db, "from-first", "1000")) {
            first.await("batch 1000");
            first.tell("go");
            first.await("committed");
            try (Catalog second = Catalog.open(db)) {
                assertThat(names(second)).containsExactly("from-first");
                Fixtures.importer(second)
                        .store(
                                "from-second",
                                Fixtures.outcome(dir, Fixtures.utterances(700)),
                                ImportProgress.NONE);
                try (Subprocess third = Subprocess.talk("list", db)) {
                    assertThat(third.finish()).as("%s", third.said()).isZero();
                    assertThat(third.said()).contains("dataset from-first", "dataset from-second");
                }
                assertThat(rows(second, "utterances")).isEqualTo(1000 + 700);
            }
            assertThat(first.finish()).isZero();
        }
    }

    @Test
    void anImportInAnotherProcessIsSeenWholeOrNotAtAll() throws Exception {
        Path db = dir.resolve("catalog");
        try (Subprocess importer = Subprocess.talk("stepwise", db, "big", "5000");
                Catalog watcher = openWhenHeld(importer, "batch 1000")) {
            for (int batch = 1; batch <= 5; batch++) {
                // the importer is paused between batches of its one transaction: nothing of it is
                // visible
                assertThat(rows(watcher, "utterances")).as("after batch %d", batch).isZero();
                assertThat(rows(watcher, "datasets")).isZero();
                importer.tell("go");
                importer.await(batch < 5 ? "batch " + (batch + 1) * 1000 : "committed");
            }
            assertThat(rows(watcher, "utterances")).isEqualTo(5000);
            assertThat(names(watcher)).containsExactly("big");
            assertThat(importer.finish()).isZero();
        }
    }

    @Test
    void whenTheServingProcessIsKilledMidImportTheOtherCarriesOnWithoutItsHalfImport()
            throws Exception {
        Path db = dir.resolve("catalog");
        try (Subprocess importer = Subprocess.talk("stepwise", db, "doomed", "5000");
                Catalog survivor = openWhenHeld(importer, "batch 1000");
                Connection held = survivor.connect()) {
            importer.tell("go");
            importer.await("batch 2000");
            assertThat(count(held, "utterances")).isZero();

            importer.process().destroyForcibly(); // SIGKILL: no shutdown hook, no H2 close
            assertThat(importer.process().waitFor(30, TimeUnit.SECONDS)).isTrue();

            // the connection held across the kill reconnects; this JVM now serves the file
            assertThat(count(held, "utterances")).isZero();
            assertThat(count(held, "datasets")).isZero();
            Fixtures.importer(survivor)
                    .store(
                            "after",
                            Fixtures.outcome(dir, Fixtures.utterances(300)),
                            ImportProgress.NONE);
            assertThat(rows(survivor, "utterances")).isEqualTo(300);
            try (Subprocess later = Subprocess.talk("list", db)) {
                assertThat(later.finish()).as("%s", later.said()).isZero();
                assertThat(later.said()).contains("dataset after").doesNotContain("dataset doomed");
            }
        }
    }

    @Test
    void whenTheServingProcessExitsTheOtherCarriesOn() throws Exception {
        Path db = dir.resolve("catalog");
        try (Subprocess holder = Subprocess.talk("hold", db);
                Catalog survivor = openWhenHeld(holder, "ready");
                Connection held = survivor.connect()) {
            Fixtures.importer(survivor)
                    .store(
                            "before",
                            Fixtures.outcome(dir, Fixtures.utterances(100)),
                            ImportProgress.NONE);
            assertThat(holder.finish()).isZero();

            assertThat(count(held, "utterances")).isEqualTo(100);
            Fixtures.importer(survivor)
                    .store(
                            "after",
                            Fixtures.outcome(dir, Fixtures.utterances(50)),
                            ImportProgress.NONE);
            try (Subprocess later = Subprocess.talk("list", db)) {
                assertThat(later.finish()).as("%s", later.said()).isZero();
                assertThat(later.said()).contains("dataset before", "dataset after");
            }
        }
    }

    @Test
    void twoProcessesLeftWhenTheServerIsKilledBothCarryOn() throws Exception {
        Path db = dir.resolve("catalog");
        try (Subprocess server = Subprocess.talk("hold", db)) {
            server.await("ready");
            try (Subprocess b = Subprocess.talk("writer", db);
                    Subprocess c = Subprocess.talk("writer", db)) {
                b.await("ready");
                c.await("ready");
                b.tell("write b1");
                assertThat(b.await("b1:")).isEqualTo("b1: wrote");

                server.process().destroyForcibly();
                assertThat(server.process().waitFor(30, TimeUnit.SECONDS)).isTrue();

                b.tell("write b2"); // both race to take the file over
                c.tell("write c1");
                assertThat(b.await("b2:")).isEqualTo("b2: wrote");
                assertThat(c.await("c1:")).isEqualTo("c1: wrote");
                assertThat(b.finish()).isZero();
                assertThat(c.finish()).isZero();
            }
        }
        try (Catalog after = Catalog.open(db)) {
            assertThat(names(after)).containsExactlyInAnyOrder("b1", "b2", "c1");
        }
    }

    @Test
    void twoOpensInOneProcessShareTheCatalog() {
        try (Catalog first = Catalog.open(dir.resolve("catalog"));
                Catalog second = Catalog.open(dir.resolve("catalog.mv.db"))) {
            Fixtures.importer(first)
                    .store(
                            "a",
                            Fixtures.outcome(dir, Fixtures.utterances(10)),
                            ImportProgress.NONE);
            assertThat(names(second)).containsExactly("a");
        }
    }

    /** Waits until {@code child} says {@code line} (so it opened the catalog first), then opens it here. */
    private static Catalog openWhenHeld(Subprocess child, String line) throws Exception {
        child.await(line);
        return Catalog.open(child.dbPath());
    }

    private static List<String> names(Catalog catalog) {
        return catalog.read(
                c -> new DatasetRepository(c).all().stream().map(DatasetRecord::name).toList());
    }

    private static int rows(Catalog catalog, String table) {
        return catalog.read(c -> count(c, table));
    }

    private static int count(Connection c, String table) throws SQLException {
        try (Statement s = c.createStatement();
                ResultSet r = s.executeQuery("SELECT COUNT(*) FROM " + table)) {
            r.next();
            return r.getInt(1);
        }
    }
}
