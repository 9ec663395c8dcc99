package io.asrwb.app.errors;

import static org.assertj.core.api.Assertions.assertThat;

import io.asrwb.app.AppContext;
import io.asrwb.app.datasets.DatasetsViewModel;
import io.asrwb.app.datasets.ImportRequest;
import io.asrwb.app.tasks.CurrentThreadTaskRunner;
import io.asrwb.engine.analysis.Change;
import io.asrwb.engine.data.DatasetFormat;
import io.asrwb.engine.data.SplitChoice;
import io.asrwb.engine.store.Catalog;
import io.asrwb.engine.testing.DemoSubset;
import java.nio.file.Path;
import java.time.Clock;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Errors and A/B tabs on a dataset imported from a NeMo manifest without splits: the test
 * split is empty and says what to do; "all" takes every utterance. The demo model decodes.
 */
class AllSplitsTest {

    @TempDir Path dir;

    @Test
    void errorsAndCompareReadEveryUtteranceWhenAllIsChosen() {
        Path manifest = DemoSubset.writeUnsplit(dir.resolve("corpus"), 3, 2, 2.5);
        Path model = DemoSubset.demoCorpus().resolveSibling("demo-model");
        try (Catalog catalog = Catalog.open(dir.resolve("catalog"))) {
            AppContext ctx =
                    new AppContext(catalog, new CurrentThreadTaskRunner(), Clock.systemUTC(), "t");
            new DatasetsViewModel(ctx)
                    .importDataset(new ImportRequest(DatasetFormat.NEMO, manifest, "real"));
            ErrorsViewModel errors = new ErrorsViewModel(ctx);
            errors.datasetProperty().set("real");
            errors.modelProperty().set(model);

            errors.evaluate();

            assertThat(errors.statusProperty().get())
                    .isEqualTo(
                            "Evaluation failed: dataset real has no test utterances (it has 6"
                                    + " without a split); choose the split all, or give it splits:"
                                    + " Datasets → Split…");

            errors.splitProperty().set(SplitChoice.ALL);
            errors.evaluate();

            assertThat(errors.rows()).hasSize(6);
            assertThat(errors.statusProperty().get()).startsWith("6 utterances, ");

            CompareViewModel compare = new CompareViewModel(ctx);
            compare.datasetProperty().set("real");
            compare.modelAProperty().set(model);
            compare.modelBProperty().set(model);
            compare.splitProperty().set(SplitChoice.ALL);

            compare.compare();

            assertThat(compare.comparisonProperty().get().count(Change.UNCHANGED)).isEqualTo(6);
        }
    }
}
