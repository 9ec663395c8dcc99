package io.asrwb.app.workbench;

import static org.assertj.core.api.Assertions.assertThat;

import io.asrwb.app.datasets.UtteranceRow;
import io.asrwb.app.training.CheckpointRow;
import io.asrwb.app.training.Metric;
import io.asrwb.app.training.RunRow;
import io.asrwb.app.transcribe.ModelChoice;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.stream.LongStream;
import javafx.scene.chart.LineChart;
import javafx.scene.chart.XYChart;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.input.KeyCode;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The whole way through the real app, headless on Monocle: the demo corpus imported on first
 * start → curate (flag, exclude, from the keyboard) → train a few steps of the tiny preset → the
 * loss chart shows points → stop → resume from its first checkpoint → transcribe a file with that run's
 * checkpoint.
 */
class WorkbenchFlowUiTest extends FxRobot {

    @TempDir static Path tmp;
    private static WorkbenchApp app;

    @BeforeAll
    static void startApp() throws Exception {
        System.setProperty(WorkbenchApp.DB_PROPERTY, tmp.resolve("catalog").toString());
        System.setProperty(WorkbenchApp.RUNS_PROPERTY, tmp.resolve("runs").toString());
        System.setProperty(
                WorkbenchApp.SETTINGS_PROPERTY, tmp.resolve("settings.properties").toString());
        System.setProperty(
                "asrwb.assets", Path.of("..", "assets").toAbsolutePath().normalize().toString());
        FxToolkit.registerPrimaryStage();
        app = (WorkbenchApp) FxToolkit.setupApplication(WorkbenchApp.class);
        WaitForAsyncUtils.waitForFxEvents();
    }

    @AfterAll
    static void stopApp() throws Exception {
        if (app.workbench().training().runningProperty().get()) {
            FxToolkit.setupFixture(() -> app.workbench().training().stop());
            WaitForAsyncUtils.waitFor(
                    60,
                    TimeUnit.SECONDS,
                    () -> !app.workbench().training().runningProperty().get());
        }
        FxToolkit.cleanupApplication(app);
        FxToolkit.cleanupStages();
        for (String p :
                new String[] {
                    WorkbenchApp.DB_PROPERTY,
                    WorkbenchApp.RUNS_PROPERTY,
                    WorkbenchApp.SETTINGS_PROPERTY,
                    "asrwb.assets"
                }) {
            System.clearProperty(p);
        }
    }

    @Test
    @SuppressWarnings("unchecked")
    void importCurateTrainChartResumeTranscribe() throws Exception {
        Workbench wb = app.workbench();

        // import: the first start imports the demo corpus in the background
        TableView<UtteranceRow> table = lookup("#utterance-table").queryAs(TableView.class);
        WaitForAsyncUtils.waitFor(120, TimeUnit.SECONDS, () -> table.getItems().size() == 1350);

        // curate: select a row → its clip loads; F flags it, X excludes it
        clickOn("#utterance-filter").write("flite-slt-002");
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> table.getItems().size() == 1);
        clickOn(
                lookup("#utterance-table .table-row-cell")
                        .match((TableRow<?> r) -> r.getItem() != null && r.isVisible())
                        .queryAs(TableRow.class));
        type(KeyCode.F);
        type(KeyCode.X);
        WaitForAsyncUtils.waitFor(
                30,
                TimeUnit.SECONDS,
                () -> wb.datasets().waveform().spectrogramProperty().get() != null);
        javafx.scene.layout.Region strip =
                lookup("#clip-spectrogram").queryAs(javafx.scene.layout.Region.class);
        assertThat(strip.isVisible()).isTrue();
        assertThat(strip.getHeight()).isGreaterThan(50); // under the table, below the waveform
        assertThat(table.getItems().get(0))
                .satisfies(
                        r -> {
                            assertThat(r.flagged()).isTrue();
                            assertThat(r.excluded()).isTrue();
                        });

        // train: the tiny preset, a few steps, a checkpoint every 3
        interact(
                () -> {
                    wb.hyperparameters().set("data.batch_size", 4);
                    wb.hyperparameters().set("train.max_steps", 30L);
                    wb.hyperparameters().set("train.eval_every_steps", 15L);
                    wb.hyperparameters().set("train.checkpoint_every_steps", 3L);
                    wb.hyperparameters().set("optim.schedule.warmup_steps", 2L);
                });
        clickOn("#nav-train").clickOn("Training");
        WaitForAsyncUtils.waitFor(
                10,
                TimeUnit.SECONDS,
                () -> !lookup("#training-start").queryAs(Button.class).isDisabled());
        clickOn("#training-start");
        LineChart<Number, Number> loss = lookup("#chart-loss").queryAs(LineChart.class);
        WaitForAsyncUtils.waitFor(
                180,
                TimeUnit.SECONDS,
                () ->
                        !loss.getData().isEmpty()
                                && loss.getData().get(0).getData().size()
                                        >= 4); // the chart shows points while it trains
        clickOn("#training-stop");
        WaitForAsyncUtils.waitFor(
                120, TimeUnit.SECONDS, () -> !wb.training().runningProperty().get());
        WaitForAsyncUtils.waitForFxEvents();
        RunRow stopped = wb.training().runs().get(0);
        assertThat(stopped.lastStep()).isLessThan(30);
        assertThat(wb.training().checkpoints()).isNotEmpty();

        // resume from the first checkpoint: the run goes on to its last step
        TableView<CheckpointRow> checkpoints =
                lookup("#training-checkpoints").queryAs(TableView.class);
        clickOn(
                lookup("#training-checkpoints .table-row-cell")
                        .match(
                                (TableRow<CheckpointRow> r) ->
                                        r.getItem() != null && r.getItem().step() == 3)
                        .queryAs(TableRow.class));
        assertThat(checkpoints.getSelectionModel().getSelectedItem().step()).isEqualTo(3);
        clickOn("#training-resume");
        WaitForAsyncUtils.waitFor(
                10,
                TimeUnit.SECONDS,
                () ->
                        wb.training().runningProperty().get()
                                || wb.training().statusProperty().get().contains("finished"));
        WaitForAsyncUtils.waitFor(
                180, TimeUnit.SECONDS, () -> !wb.training().runningProperty().get());
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(lookup("#training-status").queryAs(Label.class).getText())
                .contains("finished at step 30");
        // steps 1–3 from the catalog, 4–30 computed again after the resume: each once
        assertThat(wb.training().shownSeries().get(0).points(Metric.TRAIN_LOSS))
                .extracting(p -> p.step())
                .containsExactlyElementsOf(LongStream.rangeClosed(1, 30).boxed().toList());
        XYChart.Series<Number, Number> shown = loss.getData().get(0);
        assertThat(shown.getData()).hasSize(30);
        assertThat(wb.training().runs())
                .singleElement()
                .satisfies(
                        r -> {
                            assertThat(r.status()).isEqualTo("finished");
                            assertThat(r.lastStep()).isEqualTo(30);
                        });

        // transcribe a file with the run's newest checkpoint
        clickOn("#nav-evaluate").clickOn("Transcribe");
        interact(wb.transcribe()::refreshModels);
        ModelChoice last =
                wb.transcribe().models().stream()
                        .filter(
                                m ->
                                        m.label().startsWith(stopped.name())
                                                && m.label().contains("step 30"))
                        .findFirst()
                        .orElseThrow();
        Path clip = wb.datasets().audioPathOf(table.getItems().get(0)).orElseThrow();
        interact(
                () -> {
                    wb.transcribe().modelProperty().set(last);
                    wb.transcribe().transcribeFile(clip);
                });
        WaitForAsyncUtils.waitFor(
                120, TimeUnit.SECONDS, () -> wb.transcribe().latencyMsProperty().get() >= 0);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(wb.transcribe().errorProperty().get()).isEmpty();
        assertThat(lookup("#transcribe-latency").queryAs(Label.class).getText())
                .matches("Latency \\d+ ms");
        assertThat(lookup("#transcribe-message").queryAs(Label.class).getText())
                .contains(clip.getFileName().toString())
                .contains(stopped.name());
    }
}
