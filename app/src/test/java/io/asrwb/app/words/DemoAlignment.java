package io.asrwb.app.words;

import io.asrwb.engine.align.AlignListener;
import io.asrwb.engine.align.CatalogAlignment;
import io.asrwb.engine.data.SplitChoice;
import io.asrwb.engine.inference.ModelDecoding;
import io.asrwb.engine.inference.TrainedModel;
import io.asrwb.engine.store.Catalog;
import io.asrwb.engine.testing.DemoSubset;
import java.io.IOException;
import java.nio.file.Path;

/** The demo model, and a dataset's test split aligned with it into the catalog as `asrwb align` does. */
public final class DemoAlignment {

    private DemoAlignment() {}

    public static Path demoModel() {
        return DemoSubset.demoCorpus().resolveSibling("demo-model");
    }

    public static void storeTestSplit(Catalog catalog, String dataset) throws IOException {
        TrainedModel trained = TrainedModel.load(demoModel());
        CatalogAlignment.run(
                catalog,
                dataset,
                SplitChoice.TEST,
                ModelDecoding.of(trained).transcriber(trained),
                16,
                AlignListener.progressOnly((d, t) -> {}),
                () -> false);
    }
}
