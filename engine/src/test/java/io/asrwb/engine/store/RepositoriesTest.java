package io.asrwb.engine.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.asrwb.engine.data.DatasetFormat;
import io.asrwb.engine.data.ImportProblem;
import io.asrwb.engine.data.ImportProgress;
import io.asrwb.engine.data.ProblemKind;
import io.asrwb.engine.data.Utterance;
import io.asrwb.engine.data.curation.AudioCheckResult;
import io.asrwb.engine.data.curation.TextCheckResult;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RepositoriesTest {

    @TempDir Path dir;

    private static final Instant T = Instant.parse("2026-01-02T03:04:05Z");

    @Test
    void datasetsAreFoundByNameAndNamesAreUnique() {
        try (Catalog catalog = Catalog.open(dir.resolve("catalog"))) {
            DatasetRecord d =
                    catalog.read(
                            c ->
                                    new DatasetRepository(c)
                                            .insert(
                                                    "libri",
                                                    DatasetFormat.LIBRISPEECH,
                                                    "/data/libri",
                                                    "/data/libri",
                                                    T));
            assertThat(
                            catalog.<Optional<DatasetRecord>>read(
                                    c -> new DatasetRepository(c).byName("libri")))
                    .contains(d);
            assertThatThrownBy(
                            () ->
                                    catalog.read(
                                            c ->
                                                    new DatasetRepository(c)
                                                            .insert(
                                                                    "libri",
                                                                    DatasetFormat.NEMO,
                                                                    "x",
                                                                    "x",
                                                                    T)))
                    .isInstanceOf(CatalogException.DatasetName.class)
                    .hasMessageContaining("'libri' is already in the catalog");
            assertThatThrownBy(() -> catalog.read(c -> new DatasetRepository(c).require("nope")))
                    .isInstanceOf(CatalogException.DatasetName.class)
                    .hasMessageContaining("no dataset named 'nope'")
                    .hasMessageContaining("libri");
        }
    }

    @Test
    void utterancesCurationReportsAndVersionsSurviveReopening() {
        List<Utterance> utts = Fixtures.utterances(2500);
        List<TextCheckResult> checks =
                Collections.nCopies(utts.size(), new TextCheckResult(12.5, true, false, "é", 2));
        long id;
        try (Catalog catalog = Catalog.open(dir.resolve("catalog"))) {
            id =
                    catalog.transaction(
                            c -> {
                                DatasetRecord d =
                                        new DatasetRepository(c)
                                                .insert(
                                                        "set",
                                                        DatasetFormat.NEMO,
                                                        "m.json",
                                                        "/root",
                                                        T);
                                new UtteranceRepository(c)
                                        .insertAll(d.id(), utts, checks, ImportProgress.NONE);
                                new ImportReportRepository(c)
                                        .insert(d.id(), Fixtures.outcome(dir, utts), T);
                                new ManifestVersionRepository(c)
                                        .add(d.id(), "a".repeat(64), utts.size(), "first", T);
                                new ManifestVersionRepository(c)
                                        .add(d.id(), "b".repeat(64), 10, "second", T);
                                return d.id();
                            });
            catalog.read(
                    c -> {
                        new CurationRepository(c)
                                .save(
                                        id,
                                        new CurationState(
                                                "utt-000007",
                                                true,
                                                false,
                                                "fixed text",
                                                "typo",
                                                "ann",
                                                T));
                        new UtteranceRepository(c)
                                .saveAudioChecks(
                                        id,
                                        Map.of(
                                                "utt-000001",
                                                new AudioCheckResult(
                                                        0.25,
                                                        0.5,
                                                        Double.NaN,
                                                        -20,
                                                        "f".repeat(64),
                                                        null)),
                                        Map.of("utt-000001", "utt-000000"),
                                        T);
                        new UtteranceRepository(c).setLastCer(id, "utt-000002", 0.125);
                        return null;
                    });
        }
        try (Catalog catalog = Catalog.open(dir.resolve("catalog"))) {
            List<StoredUtterance> stored = catalog.read(c -> new UtteranceRepository(c).of(id));
            assertThat(stored)
                    .extracting(StoredUtterance::utterance)
                    .containsExactlyElementsOf(utts);
            assertThat(stored.get(5).text()).isEqualTo(checks.get(0));
            assertThat(stored.get(0).audio()).isNull();
            assertThat(stored.get(1).audio())
                    .isEqualTo(
                            new AudioCheckResult(0.25, 0.5, Double.NaN, -20, "f".repeat(64), null));
            assertThat(stored.get(1).dupAudioOf()).isEqualTo("utt-000000");
            assertThat(stored.get(2).lastCer()).isEqualTo(0.125);
            assertThat(stored.get(3).lastCer()).isNaN();

            CurationState k =
                    catalog.read(c -> new CurationRepository(c).get(id, "utt-000007"))
                            .orElseThrow();
            assertThat(k)
                    .isEqualTo(
                            new CurationState(
                                    "utt-000007", true, false, "fixed text", "typo", "ann", T));
            catalog.read(
                    c -> {
                        new CurationRepository(c)
                                .save(
                                        id,
                                        new CurationState(
                                                "utt-000007", false, true, null, "", "bob", T));
                        return null;
                    });
            assertThat(
                            catalog.<Map<String, CurationState>>read(
                                            c -> new CurationRepository(c).of(id))
                                    .values())
                    .containsExactly(
                            new CurationState("utt-000007", false, true, null, "", "bob", T));

            ImportReport report =
                    catalog.read(c -> new ImportReportRepository(c).latest(id)).orElseThrow();
            assertThat(report.imported()).isEqualTo(2500);
            assertThat(report.rejected()).isEqualTo(1);
            assertThat(report.warnings()).isEqualTo(1);
            assertThat(
                            catalog.<List<ImportProblem>>read(
                                    c -> new ImportReportRepository(c).problems(report.id())))
                    .extracting(ImportProblem::kind)
                    .containsExactly(ProblemKind.MISSING_FILE, ProblemKind.CHARS_OUTSIDE_ALPHABET);

            assertThat(
                            catalog.<List<ManifestVersion>>read(
                                    c -> new ManifestVersionRepository(c).of(id)))
                    .extracting(ManifestVersion::version, ManifestVersion::note)
                    .containsExactly(
                            org.assertj.core.groups.Tuple.tuple(1, "first"),
                            org.assertj.core.groups.Tuple.tuple(2, "second"));
        }
    }

    @Test
    void curatingOrCheckingAnUnknownUtteranceIsRefused() {
        try (Catalog catalog = Catalog.open(dir.resolve("catalog"))) {
            long id =
                    Fixtures.importer(catalog)
                            .store(
                                    "set",
                                    Fixtures.outcome(dir, Fixtures.utterances(5)),
                                    ImportProgress.NONE)
                            .dataset()
                            .id();
            assertThatThrownBy(
                            () ->
                                    catalog.read(
                                            c -> {
                                                new CurationRepository(c)
                                                        .save(
                                                                id,
                                                                CurationState.untouched(
                                                                        "no-such-utt", "ann", T));
                                                return null;
                                            }))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("no utterance 'no-such-utt'");
            assertThatThrownBy(
                            () ->
                                    catalog.read(
                                            c -> {
                                                new UtteranceRepository(c)
                                                        .setLastCer(id, "no-such-utt", 0.5);
                                                return null;
                                            }))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("no utterance 'no-such-utt'");
            assertThat(
                            catalog.<Map<String, CurationState>>read(
                                    c -> new CurationRepository(c).of(id)))
                    .isEmpty();
        }
    }

    @Test
    void deletingADatasetRemovesEverythingAboutIt() {
        try (Catalog catalog = Catalog.open(dir.resolve("catalog"))) {
            CatalogImporter.Result r =
                    Fixtures.importer(catalog)
                            .store(
                                    "set",
                                    Fixtures.outcome(dir, Fixtures.utterances(20)),
                                    ImportProgress.NONE);
            catalog.read(
                    c -> {
                        new CurationRepository(c)
                                .save(
                                        r.dataset().id(),
                                        CurationState.untouched("utt-000001", "ann", T));
                        new DatasetRepository(c).delete(r.dataset().id());
                        return null;
                    });
            assertThat(
                            catalog.<Integer>read(
                                    c -> new UtteranceRepository(c).count(r.dataset().id())))
                    .isZero();
            assertThat(
                            catalog.<Map<String, CurationState>>read(
                                    c -> new CurationRepository(c).of(r.dataset().id())))
                    .isEmpty();
            assertThat(
                            catalog.<Optional<ImportReport>>read(
                                    c -> new ImportReportRepository(c).latest(r.dataset().id())))
                    .isEmpty();
        }
    }
}
