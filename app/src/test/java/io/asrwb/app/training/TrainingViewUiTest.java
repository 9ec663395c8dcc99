package io.asrwb.app.training;

import static org.assertj.core.api.Assertions.assertThat;

import io.asrwb.app.AppContext;
import io.asrwb.app.config.HyperparametersViewModel;
import io.asrwb.app.tasks.FxTaskRunner;
import io.asrwb.engine.store.Catalog;
import java.nio.file.Path;
import java.time.Clock;
import java.util.concurrent.TimeUnit;
import javafx.scene.chart.LineChart;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
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

/** The Training tab headless: Start trains a tiny run on a task thread; the charts fill in. */
class TrainingViewUiTest extends FxRobot {

    @TempDir Path tmp;
    private Catalog catalog;
    private FxTaskRunner tasks;
    private TrainingViewModel vm;

    @BeforeEach
    void show() throws Exception {
        catalog = Catalog.open(tmp.resolve("catalog"));
        DemoDataset.importInto(catalog, tmp.resolve("data"));
        FxToolkit.registerPrimaryStage();
        tasks = new FxTaskRunner();
        vm =
                new TrainingViewModel(
                        new AppContext(catalog, tasks, Clock.systemUTC(), "tester"),
                        DemoDataset.tinyConfig(),
                        tmp.resolve("runs"));
        // the view model starts empty: selecting the Training tab loads datasets and runs
        FxToolkit.setupSceneRoot(
                () ->
                        new TabPane(
                                new Tab("Other", new Label("another view")),
                                new Tab("Training", new TrainingView(vm))));
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
    void startTrainsATinyRunAndTheLossChartShowsItsPoints() throws Exception {
        assertThat(vm.datasets()).isEmpty();
        clickOn("Training");
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(vm.datasets()).extracting(d -> d.name()).containsExactly(DemoDataset.NAME);
        assertThat(lookup("#training-start").queryAs(Button.class).isDisabled()).isFalse();

        clickOn("#training-start");
        WaitForAsyncUtils.waitFor(
                5,
                TimeUnit.SECONDS,
                () -> lookup("#training-stop").queryAs(Button.class).isDisabled() == false);
        WaitForAsyncUtils.waitFor(120, TimeUnit.SECONDS, () -> !vm.runningProperty().get());
        WaitForAsyncUtils.waitForFxEvents();

        LineChart<Number, Number> loss = lookup("#chart-loss").queryAs(LineChart.class);
        assertThat(loss.getData()).isNotEmpty();
        assertThat(loss.getData().get(0).getData()).hasSize(6);
        assertThat(loss.getData().get(0).getName()).endsWith("train loss");
        LineChart<Number, Number> errors = lookup("#chart-error").queryAs(LineChart.class);
        assertThat(errors.getData().get(0).getData()).hasSize(2);
        assertThat(lookup("#training-runs").queryAs(ListView.class).getItems()).hasSize(1);
        assertThat(lookup("#training-checkpoints").queryAs(TableView.class).getItems()).hasSize(2);
        assertThat(lookup("#training-start").queryAs(Button.class).isDisabled()).isFalse();
    }

    @Test
    void stopEndsALongRunAfterItsCurrentStep() throws Exception {
        vm =
                new TrainingViewModel(
                        new AppContext(catalog, tasks, Clock.systemUTC(), "tester"),
                        longConfig(),
                        tmp.resolve("runs"));
        FxToolkit.setupSceneRoot(
                () -> {
                    vm.refresh();
                    return new TabPane(new Tab("Training", new TrainingView(vm)));
                });

        clickOn("#training-start");
        WaitForAsyncUtils.waitFor(
                60,
                TimeUnit.SECONDS,
                () ->
                        lookup("#chart-loss").<LineChart<?, ?>>query().getData().stream()
                                .anyMatch(s -> !s.getData().isEmpty()));
        clickOn("#training-stop");
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> !vm.runningProperty().get());
        WaitForAsyncUtils.waitForFxEvents();

        assertThat(vm.statusProperty().get()).contains("stopped_by_user");
        assertThat(vm.runs())
                .singleElement()
                .satisfies(
                        r -> {
                            assertThat(r.status()).isEqualTo("finished");
                            assertThat(r.lastStep()).isLessThan(200);
                        });
        assertThat(vm.checkpoints()).isNotEmpty();
    }

    private static HyperparametersViewModel longConfig() {
        HyperparametersViewModel hyper = DemoDataset.tinyConfig();
        hyper.set("train.max_steps", 200L);
        hyper.set("train.eval_every_steps", 100L);
        return hyper;
    }
}
