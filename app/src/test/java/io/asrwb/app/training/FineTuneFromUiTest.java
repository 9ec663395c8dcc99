package io.asrwb.app.training;

import static org.assertj.core.api.Assertions.assertThat;

import io.asrwb.app.AppContext;
import io.asrwb.app.config.FineTuneSetup;
import io.asrwb.app.config.HyperparametersViewModel;
import io.asrwb.app.tasks.FxTaskRunner;
import io.asrwb.engine.inference.TrainedModel;
import io.asrwb.engine.store.Catalog;
import java.nio.file.Path;
import java.time.Clock;
import java.util.concurrent.TimeUnit;
import javafx.scene.control.Label;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.TableView;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

/**
 * "Fine-tune from…" under the Training tab's checkpoints, headless: a tiny run trains, its first
 * checkpoint is chosen, the run setup names it, and Start trains a run that records it.
 */
class FineTuneFromUiTest extends FxRobot {

    @TempDir Path tmp;
    private Catalog catalog;
    private FxTaskRunner tasks;
    private TrainingViewModel vm;
    private HyperparametersViewModel hyperparameters;

    @BeforeEach
    void show() throws Exception {
        catalog = Catalog.open(tmp.resolve("catalog"));
        DemoDataset.importInto(catalog, tmp.resolve("data"));
        FxToolkit.registerPrimaryStage();
        tasks = new FxTaskRunner();
        hyperparameters = DemoDataset.tinyConfig();
        vm =
                new TrainingViewModel(
                        new AppContext(catalog, tasks, Clock.systemUTC(), "tester"),
                        hyperparameters,
                        tmp.resolve("runs"));
        FineTuneSetup setup = new FineTuneSetup(hyperparameters);
        FxToolkit.setupSceneRoot(
                () -> {
                    vm.refresh();
                    return new TabPane(
                            new Tab(
                                    "Training",
                                    new TrainingView(
                                            vm, new CheckpointAveragingViewModel(tasks), setup)));
                });
        FxToolkit.setupStage(
                stage -> {
                    stage.setWidth(1200);
                    stage.setHeight(760);
                    stage.show();
                });
    }

    @AfterEach
    void close() throws Exception {
        if (vm.runningProperty().get()) {
            interact(vm::stop);
            WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> !vm.runningProperty().get());
        }
        tasks.close();
        FxToolkit.cleanupStages();
        catalog.close();
    }

    @Test
    @SuppressWarnings("unchecked")
    void fineTuneFromACheckpointSetsUpAndTrainsARunThatRecordsIt() throws Exception {
        clickOn("#training-start");
        WaitForAsyncUtils.waitFor(120, TimeUnit.SECONDS, () -> !vm.runningProperty().get());
        WaitForAsyncUtils.waitForFxEvents();
        TableView<CheckpointRow> checkpoints =
                lookup("#training-checkpoints").queryAs(TableView.class);
        assertThat(checkpoints.getItems()).hasSize(2);
        CheckpointRow first = checkpoints.getItems().get(0);
        interact(() -> checkpoints.getSelectionModel().select(first));

        clickOn("#training-fine-tune");
        WaitForAsyncUtils.waitForFxEvents();

        Path from = first.checkpoint().directory().toAbsolutePath().normalize();
        assertThat(Path.of(hyperparameters.currentConfig().train().initFrom())).isEqualTo(from);
        assertThat(lookup("#training-fine-tune-status").queryAs(Label.class).getText())
                .startsWith("Fine-tuning from");

        clickOn("#training-start");
        WaitForAsyncUtils.waitFor(120, TimeUnit.SECONDS, () -> !vm.runningProperty().get());
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(vm.runs()).hasSize(2);
        Path newest =
                vm.runs().stream()
                        .map(r -> Path.of(r.runDir()))
                        .filter(p -> !from.startsWith(p.toAbsolutePath().normalize()))
                        .findFirst()
                        .orElseThrow();
        assertThat(TrainedModel.load(newest).state().provenance().startedFrom().checkpoint())
                .isEqualTo(from.toString());
    }
}
