package io.asrwb.app.align;

import static org.assertj.core.api.Assertions.assertThat;

import io.asrwb.app.AppContext;
import io.asrwb.app.datasets.DatasetsViewModel;
import io.asrwb.app.datasets.ImportRequest;
import io.asrwb.app.tasks.CurrentThreadTaskRunner;
import io.asrwb.engine.data.DatasetFormat;
import io.asrwb.engine.store.Catalog;
import io.asrwb.engine.testing.DemoSubset;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The Alignment tab's view model as a plain object: the demo model on part of the demo corpus. */
class AlignmentViewModelTest {

    @TempDir Path dir;
    private Catalog catalog;
    private AlignmentViewModel vm;

    @BeforeEach
    void importPartOfTheDemoCorpus() throws Exception {
        catalog = Catalog.open(dir.resolve("catalog"));
        Path manifest = DemoSubset.write(dir.resolve("corpus"), 3.0, Map.of("test", 5));
        AppContext ctx =
                new AppContext(catalog, new CurrentThreadTaskRunner(), Clock.systemUTC(), "tester");
        DatasetsViewModel datasets = new DatasetsViewModel(ctx);
        datasets.importDataset(new ImportRequest(DatasetFormat.NEMO, manifest, "mini"));
        assertThat(datasets.utteranceCount()).isEqualTo(5);
        vm = new AlignmentViewModel(ctx);
        vm.datasetProperty().set("mini");
        vm.modelProperty().set(DemoSubset.demoCorpus().resolveSibling("demo-model"));
    }

    @AfterEach
    void close() {
        catalog.close();
    }

    @Test
    void beforeAligningTheSplitSaysThereIsNothingYet() {
        vm.load();

        assertThat(vm.rows()).isEmpty();
        assertThat(vm.statusProperty().get())
                .isEqualTo("mini/test has no alignment yet: press Align");
    }

    @Test
    void alignsTheSplitThenListsItsUtterancesWorstWordFirstWithTheSelectedOnesWords() {
        vm.align();

        assertThat(vm.busyProperty().get()).isFalse();
        assertThat(vm.progressProperty().get()).isEqualTo(1.0);
        assertThat(vm.statusProperty().get()).isEqualTo("Aligned 5 utterances");
        assertThat(vm.rows()).hasSize(5);
        assertThat(vm.rows())
                .extracting(AlignmentRow::worstConfidence)
                .isSorted()
                .allSatisfy(c -> assertThat(c).isBetween(0.0, 1.0));
        AlignmentRow first = vm.selectedProperty().get();
        assertThat(first).isEqualTo(vm.rows().get(0));
        assertThat(vm.words())
                .extracting(w -> w.word())
                .containsExactly(first.alignment().reference().split(" "));

        vm.selectedProperty().set(vm.rows().get(4));

        assertThat(vm.words()).isEqualTo(vm.rows().get(4).alignment().referenceWords());
    }

    @Test
    void withoutACheckpointItAsksForOne() {
        vm.modelProperty().set(null);

        vm.align();

        assertThat(vm.statusProperty().get()).isEqualTo("Choose a dataset and a checkpoint first");
    }
}
