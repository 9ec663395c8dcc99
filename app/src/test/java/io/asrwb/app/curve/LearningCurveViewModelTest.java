package io.asrwb.app.curve;

import static org.assertj.core.api.Assertions.assertThat;

import io.asrwb.app.AppContext;
import io.asrwb.app.datasets.DatasetsViewModel;
import io.asrwb.app.datasets.ImportRequest;
import io.asrwb.app.tasks.CurrentThreadTaskRunner;
import io.asrwb.engine.curve.CurvePlot;
import io.asrwb.engine.curve.CurvePoint;
import io.asrwb.engine.curve.CurveState;
import io.asrwb.engine.data.DatasetFormat;
import io.asrwb.engine.store.Catalog;
import io.asrwb.engine.testing.DemoSubset;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The view model runs a real tiny curve (two points, two steps each) and refuses bad input. */
class LearningCurveViewModelTest {

    private static final String RECIPE =
            String.join(
                    "\n",
                    "preset: tiny",
                    "data: {batch_size: 4, val_splits: []}",
                    "model:",
                    "  type: ds2",
                    "  conv:",
                    "    - {channels: 4, kernel_freq: 5, kernel_time: 5, stride_freq: 2,"
                            + " stride_time: 2, pad_freq: 2, pad_time: 2}",
                    "  rnn_layers: 1",
                    "  hidden_size: 16",
                    "optim: {schedule: {warmup_steps: 0}}",
                    "train: {max_steps: 2}",
                    "");

    @TempDir Path dir;
    private Catalog catalog;
    private LearningCurveViewModel vm;

    @BeforeEach
    void importPartOfTheDemoCorpus() throws Exception {
        catalog = Catalog.open(dir.resolve("catalog"));
        Path manifest = DemoSubset.write(dir.resolve("corpus"), 1.6, Map.of("train", 8, "test", 2));
        AppContext ctx =
                new AppContext(catalog, new CurrentThreadTaskRunner(), Clock.systemUTC(), "tester");
        new DatasetsViewModel(ctx)
                .importDataset(new ImportRequest(DatasetFormat.NEMO, manifest, "mini"));
        Path recipe = dir.resolve("recipe.yaml");
        Files.writeString(recipe, RECIPE);
        vm = new LearningCurveViewModel(ctx);
        vm.datasetProperty().set("mini");
        vm.configProperty().set(recipe.toString());
        vm.fractionsProperty().set("0.5,1");
        vm.folderProperty().set(dir.resolve("curve"));
    }

    @AfterEach
    void close() {
        catalog.close();
    }

    @Test
    void startTrainsEachPointScoresItAndShowsThePointsAndThePlot() {
        vm.start();

        assertThat(vm.busyProperty().get()).isFalse();
        assertThat(vm.points()).hasSize(2).allMatch(p -> p.status() == CurvePoint.Status.DONE);
        assertThat(vm.points().get(1).hours()).isGreaterThan(vm.points().get(0).hours());
        assertThat(vm.statusProperty().get()).isEqualTo("2 of 2 points measured on mini/test");
        assertThat(vm.summaryProperty().get()).contains("No extrapolation: 2 points measured");
        assertThat(dir.resolve("curve").resolve(CurvePlot.FILE)).isRegularFile();
        assertThat(dir.resolve("curve").resolve(CurveState.FILE)).isRegularFile();
    }

    @Test
    void badFractionsAreRefusedInWordsAndNothingStarts() {
        vm.fractionsProperty().set("0.5,2");

        vm.start();

        assertThat(vm.statusProperty().get()).contains("fraction 2 is outside (0, 1]");
        assertThat(dir.resolve("curve")).doesNotExist();
    }
}
