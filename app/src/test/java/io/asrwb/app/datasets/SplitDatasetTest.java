package io.asrwb.app.datasets;

import static org.assertj.core.api.Assertions.assertThat;

import io.asrwb.app.AppContext;
import io.asrwb.app.tasks.CurrentThreadTaskRunner;
import io.asrwb.engine.data.DatasetFormat;
import io.asrwb.engine.data.curation.SplitRequest.By;
import io.asrwb.engine.store.Catalog;
import io.asrwb.engine.testing.DemoSubset;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Datasets → Split… through the view model, on demo speech imported without splits. */
class SplitDatasetTest {

    @TempDir Path tmp;

    @Test
    void aRefusalIsTheStatusInTheAppsWordsAndADealIsTheNextVersion() {
        // Two speakers, three utterances each, no split key: every row has no split.
        Path manifest = DemoSubset.writeUnsplit(tmp.resolve("corpus"), 2, 3, 3.0);
        try (Catalog catalog = Catalog.open(tmp.resolve("catalog"))) {
            DatasetsViewModel vm =
                    new DatasetsViewModel(
                            new AppContext(
                                    catalog,
                                    new CurrentThreadTaskRunner(),
                                    Clock.systemUTC(),
                                    "tester"));
            vm.importDataset(new ImportRequest(DatasetFormat.NEMO, manifest, "real"));
            assertThat(vm.visibleUtterances()).extracting(UtteranceRow::split).containsOnly("none");

            vm.splitDataset(new SplitDatasetRequest(0.1, 0.1, Optional.empty(), 1));

            assertThat(vm.statusProperty().get())
                    .isEqualTo(
                            "Split failed: 2 speakers cannot fill train, val and test with at least"
                                    + " one speaker each; split by utterance or add speakers");
            assertThat(vm.selectedProperty().get().latestVersion()).isEqualTo(1);
            assertThat(vm.busyProperty().get()).isFalse();

            vm.splitDataset(new SplitDatasetRequest(0.2, 0.2, Optional.of(By.UTTERANCE), 3));

            assertThat(vm.statusProperty().get())
                    .isEqualTo("Split 'real' by utterance as version 2: train 4, val 1, test 1");
            assertThat(vm.selectedProperty().get().latestVersion()).isEqualTo(2);
            assertThat(vm.visibleUtterances())
                    .extracting(UtteranceRow::split)
                    .containsOnly("train", "val", "test")
                    .filteredOn("train"::equals)
                    .hasSize(4);
        }
    }
}
