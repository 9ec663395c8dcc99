package io.asrwb.engine.store;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.asrwb.engine.data.ImportProgress;
import io.asrwb.engine.data.ManifestHash;
import io.asrwb.engine.data.Utterance;
import java.nio.file.Path;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CatalogImporterTest {

    @TempDir Path dir;

    @Test
    void importStoresDatasetUtterancesReportAndManifestVersionOne() {
        List<Utterance> utts = Fixtures.utterances(1234);
        try (Catalog catalog = Catalog.open(dir.resolve("catalog"))) {
            CatalogImporter.Result r =
                    Fixtures.importer(catalog)
                            .store("set", Fixtures.outcome(dir, utts), ImportProgress.NONE);
            assertThat(r.manifest().version()).isEqualTo(1);
            assertThat(r.manifest().contentHash()).isEqualTo(ManifestHash.of(utts)).hasSize(64);
            assertThat(r.report().imported()).isEqualTo(1234);
            assertThat(
                            catalog.<Integer>read(
                                    c -> new UtteranceRepository(c).count(r.dataset().id())))
                    .isEqualTo(1234);
            assertThat(r.dataset().created()).isEqualTo(Fixtures.CLOCK.instant());
        }
    }

    @Test
    void aTakenNameIsAClearErrorBeforeAndDuringTheImport() {
        try (Catalog catalog = Catalog.open(dir.resolve("catalog"))) {
            CatalogImporter importer = Fixtures.importer(catalog);
            importer.store(
                    "set", Fixtures.outcome(dir, Fixtures.utterances(10)), ImportProgress.NONE);
            assertThatThrownBy(() -> importer.requireNameFree("set"))
                    .isInstanceOf(CatalogException.DatasetName.class)
                    .hasMessageContaining("'set' is already in the catalog");
            assertThatThrownBy(
                            () ->
                                    importer.store(
                                            "set",
                                            Fixtures.outcome(dir, Fixtures.utterances(10)),
                                            ImportProgress.NONE))
                    .isInstanceOf(CatalogException.DatasetName.class);
            assertThat(rowCount(catalog, "utterances")).isEqualTo(10);
        }
    }

    @Test
    void aFailureInTheSecondBatchLeavesNoTrace() {
        ImportProgress failInBatchTwo =
                (done, total) -> {
                    if (done >= 2000) {
                        throw new IllegalStateException("disk full");
                    }
                    return true;
                };
        try (Catalog catalog = Catalog.open(dir.resolve("catalog"))) {
            assertThatThrownBy(
                            () ->
                                    Fixtures.importer(catalog)
                                            .store(
                                                    "set",
                                                    Fixtures.outcome(
                                                            dir, Fixtures.utterances(3000)),
                                                    failInBatchTwo))
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessage("disk full");
            assertNothingStored(catalog);
        }
    }

    @Test
    void aDuplicateUtteranceIdIsRefusedBeforeAnythingIsWritten() {
        List<Utterance> utts = new ArrayList<>(Fixtures.utterances(3000));
        utts.set(
                1500, utts.get(17)); // no index on utt_id in the schema: the importer must catch it
        try (Catalog catalog = Catalog.open(dir.resolve("catalog"))) {
            assertThatThrownBy(
                            () ->
                                    Fixtures.importer(catalog)
                                            .store(
                                                    "set",
                                                    Fixtures.outcome(dir, utts),
                                                    ImportProgress.NONE))
                    .isInstanceOf(CatalogException.class)
                    .hasMessageContaining("'utt-000017' occurs twice");
            assertNothingStored(catalog);
        }
    }

    @Test
    void datasetsKeepTheirOwnRowsAndOrder() {
        try (Catalog catalog = Catalog.open(dir.resolve("catalog"))) {
            CatalogImporter importer = Fixtures.importer(catalog);
            CatalogImporter.Result a =
                    importer.store(
                            "a",
                            Fixtures.outcome(dir, Fixtures.utterances(1500)),
                            ImportProgress.NONE);
            List<Utterance> reversed = new ArrayList<>(Fixtures.utterances(700));
            java.util.Collections.reverse(reversed);
            CatalogImporter.Result b =
                    importer.store("b", Fixtures.outcome(dir, reversed), ImportProgress.NONE);
            assertThat(
                            catalog.<List<StoredUtterance>>read(
                                    c -> new UtteranceRepository(c).of(b.dataset().id())))
                    .extracting(StoredUtterance::utterance)
                    .containsExactlyElementsOf(reversed);
            catalog.transaction(
                    c -> {
                        new DatasetRepository(c).delete(a.dataset().id());
                        return null;
                    });
            assertThat(rowCount(catalog, "utterances")).isEqualTo(700);
        }
    }

    @Test
    void cancellingMidInsertLeavesNoTrace() {
        try (Catalog catalog = Catalog.open(dir.resolve("catalog"))) {
            ImportProgress cancelAfterTwoBatches = (done, total) -> done < 2000;
            assertThatThrownBy(
                            () ->
                                    Fixtures.importer(catalog)
                                            .store(
                                                    "set",
                                                    Fixtures.outcome(
                                                            dir, Fixtures.utterances(5000)),
                                                    cancelAfterTwoBatches))
                    .isInstanceOf(CancellationException.class);
            assertNothingStored(catalog);
            // and the name is free again
            Fixtures.importer(catalog)
                    .store(
                            "set",
                            Fixtures.outcome(dir, Fixtures.utterances(5)),
                            ImportProgress.NONE);
            assertThat(rowCount(catalog, "utterances")).isEqualTo(5);
        }
    }

    @Test
    void aProcessKilledMidImportLeavesNoTrace() throws Exception {
        Path db = dir.resolve("catalog");
        Process p = Subprocess.start("crash", db);
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        String out = new String(p.getInputStream().readAllBytes(), UTF_8);
        assertThat(p.exitValue()).as(out).isEqualTo(3);
        assertThat(out).contains("halting");
        try (Catalog catalog = Catalog.open(db)) {
            assertNothingStored(catalog);
        }
    }

    @Test
    void nothingAcceptedIsRefused() {
        try (Catalog catalog = Catalog.open(dir.resolve("catalog"))) {
            assertThatThrownBy(
                            () ->
                                    Fixtures.importer(catalog)
                                            .store(
                                                    "set",
                                                    Fixtures.outcome(dir, List.of()),
                                                    ImportProgress.NONE))
                    .isInstanceOf(CatalogException.class)
                    .hasMessageContaining("nothing to import");
            assertNothingStored(catalog);
        }
    }

    private static void assertNothingStored(Catalog catalog) {
        for (String table :
                List.of(
                        "datasets",
                        "utterances",
                        "import_reports",
                        "import_problems",
                        "manifest_versions")) {
            assertThat(rowCount(catalog, table)).as(table).isZero();
        }
    }

    private static int rowCount(Catalog catalog, String table) {
        return catalog.read(
                c -> {
                    try (Statement s = c.createStatement();
                            ResultSet r = s.executeQuery("SELECT COUNT(*) FROM " + table)) {
                        r.next();
                        return r.getInt(1);
                    }
                });
    }
}
