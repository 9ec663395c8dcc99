package io.asrwb.app.datasets;

import static org.assertj.core.api.Assertions.assertThat;

import io.asrwb.engine.data.DatasetFormat;
import io.asrwb.engine.store.Catalog;
import io.asrwb.engine.store.DatasetStats;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Export, audio check and histogram through the view model, on a real catalog. */
class DatasetJobsTest {

    @TempDir Path tmp;

    @Test
    void exportWritesTheCuratedManifestAsANewHashedVersion() throws Exception {
        Path manifest = SmallCorpus.write(tmp);
        try (Catalog catalog = Catalog.open(tmp.resolve("catalog"))) {
            DatasetsViewModel vm = SmallCorpus.imported(catalog, manifest);
            List<UtteranceRow> rows = List.copyOf(vm.visibleUtterances());
            vm.curation().setExcluded(rows.subList(0, 2), true);
            vm.curation().editTranscript(rows.get(3), "corrected");
            Path out = tmp.resolve("export");

            vm.exportCurated(new ExportRequest(DatasetFormat.NEMO, out, ""));

            var r = vm.lastExportProperty().get();
            assertThat(r.version().version()).isEqualTo(2);
            assertThat(r.exported()).isEqualTo(SmallCorpus.SIZE - 2);
            assertThat(r.excluded()).isEqualTo(2);
            assertThat(r.edited()).isEqualTo(1);
            assertThat(vm.statusProperty().get())
                    .contains("version 2")
                    .contains(r.version().contentHash());
            assertThat(vm.selectedProperty().get().latestVersion()).isEqualTo(2);
            String written = Files.readString(r.files().get(0));
            assertThat(written).contains("corrected").doesNotContain("u00.wav");
            assertThat(vm.curation().canUndoProperty().get())
                    .isTrue(); // exporting does not lose the undo history
        }
    }

    @Test
    void audioCheckRunsWithProgressAndCanBeCancelled() throws Exception {
        Path manifest = SmallCorpus.write(tmp);
        try (Catalog catalog = Catalog.open(tmp.resolve("catalog"))) {
            DatasetsViewModel vm = SmallCorpus.imported(catalog, manifest);
            assertThat(vm.statsProperty().get().checked()).isZero();
            vm.progressProperty().addListener((o, a, b) -> vm.cancel());
            vm.checkAudio();
            assertThat(vm.statusProperty().get())
                    .isEqualTo("Audio check cancelled; nothing was stored.");
            assertThat(vm.statsProperty().get().checked()).isZero();

            DatasetsViewModel again = SmallCorpus.open(catalog);
            again.checkAudio();
            assertThat(again.statusProperty().get())
                    .startsWith("Checked 12 files of 'small': 0 unreadable, 0 duplicates");
            assertThat(again.statsProperty().get().checked()).isEqualTo(SmallCorpus.SIZE);
            assertThat(again.busyProperty().get()).isFalse();
        }
    }

    @Test
    void histogramCountsEveryUtteranceOfTheSelectedDataset() throws Exception {
        Path manifest = SmallCorpus.write(tmp);
        try (Catalog catalog = Catalog.open(tmp.resolve("catalog"))) {
            DatasetsViewModel vm = SmallCorpus.imported(catalog, manifest);
            List<DatasetStats.Bucket> h = vm.statsProperty().get().histogram();
            assertThat(h.stream().mapToInt(DatasetStats.Bucket::count).sum())
                    .isEqualTo(SmallCorpus.SIZE);
            assertThat(h.get(0).count()).isEqualTo(4); // 0.2, 0.4, 0.6, 0.8 s
            assertThat(h.get(1).count()).isEqualTo(5); // 1.0 … 1.8 s
            assertThat(h.get(2).count()).isEqualTo(3); // 2.0, 2.2, 2.4 s
        }
    }
}
