package io.asrwb.app.training;

import io.asrwb.app.AppContext;
import io.asrwb.app.config.HyperparametersViewModel;
import io.asrwb.app.datasets.DatasetsViewModel;
import io.asrwb.app.datasets.ImportRequest;
import io.asrwb.app.tasks.CurrentThreadTaskRunner;
import io.asrwb.engine.data.DatasetFormat;
import io.asrwb.engine.store.Catalog;
import io.asrwb.engine.testing.DemoSubset;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;

/**
 * The demo corpus cut down for fast tests (its 24 shortest training and 8 shortest validation
 * utterances, {@link DemoSubset#writeShortest}), imported through the Datasets tab's view model as
 * dataset "demo-small", and the tiny preset cut to match.
 */
final class DemoDataset {

    static final String NAME = "demo-small";

    private DemoDataset() {}

    static void importInto(Catalog catalog, Path dir) throws IOException {
        DatasetsViewModel datasets =
                new DatasetsViewModel(
                        new AppContext(
                                catalog,
                                new CurrentThreadTaskRunner(),
                                Clock.systemUTC(),
                                "tester"));
        datasets.refresh();
        datasets.importDataset(
                new ImportRequest(
                        DatasetFormat.NEMO, DemoSubset.writeShortest(dir, NAME, 24, 8), NAME));
        if (datasets.utteranceCount() != 32) {
            throw new IllegalStateException(
                    "demo subset import failed: "
                            + datasets.statusProperty().get()
                            + " "
                            + datasets.lastImportProblemLines().stream().limit(3).toList());
        }
    }

    /** The tiny preset cut to 6 steps of 4 utterances, an eval and a checkpoint every 3 steps. */
    static HyperparametersViewModel tinyConfig() {
        HyperparametersViewModel hyper = new HyperparametersViewModel();
        hyper.loadPreset("tiny");
        hyper.set("data.batch_size", 4);
        hyper.set("data.duration_buckets", 2);
        hyper.set("train.eval_every_steps", 3L);
        hyper.set("train.checkpoint_every_steps", 3L);
        hyper.set("train.max_steps", 6L);
        hyper.set("optim.schedule.warmup_steps", 2L);
        return hyper;
    }
}
