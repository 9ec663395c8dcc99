package io.asrwb.app.finetune;

import static org.assertj.core.api.Assertions.assertThat;

import io.asrwb.app.AppContext;
import io.asrwb.app.finetune.VoiceFineTuneViewModel.State;
import io.asrwb.app.record.RecordView;
import io.asrwb.app.record.RecordViewModel;
import io.asrwb.app.tasks.FxTaskRunner;
import io.asrwb.engine.store.Catalog;
import io.asrwb.engine.testing.DemoSubset;
import java.nio.file.Path;
import java.time.Clock;
import java.util.concurrent.TimeUnit;
import javafx.application.Platform;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The Record tab's "Fine-tune on these takes" headless: 20 takes of real audio kept in the dataset
 * (as the tab keeps them, without a microphone), the button clicked, two steps of fine-tuning on
 * the FX task runner, and the A/B of base and fine-tuned model on the held-out takes shown.
 */
class VoiceFineTuneUiTest extends FxRobot {

    @TempDir Path tmp;
    private Catalog catalog;
    private FxTaskRunner tasks;
    private VoiceFineTuneViewModel fineTune;

    @BeforeEach
    void show() throws Exception {
        catalog = Catalog.open(tmp.resolve("catalog"));
        RecordedTakes.record(catalog, "my voice", tmp.resolve("rec"), 20);
        FxToolkit.registerPrimaryStage();
        tasks = new FxTaskRunner();
        AppContext ctx = new AppContext(catalog, tasks, Clock.systemUTC(), "me");
        RecordViewModel record = new RecordViewModel(ctx, Platform::runLater, tmp.resolve("rec"));
        fineTune = new VoiceFineTuneViewModel(ctx, tmp.resolve("runs"), p -> {});
        fineTune.baseProperty().set(DemoSubset.demoCorpus().resolveSibling("demo-model"));
        fineTune.stepCapProperty().set(2);
        FxToolkit.setupSceneRoot(() -> new RecordView(record, fineTune));
        FxToolkit.setupStage(
                stage -> {
                    // within Monocle's headless screen (1280x800): a click below it misses
                    stage.setWidth(1200);
                    stage.setHeight(760);
                    stage.show();
                });
    }

    @AfterEach
    void close() throws Exception {
        FxToolkit.cleanupStages();
        tasks.close();
        catalog.close();
    }

    @Test
    void fineTunesOnTheTakesAndShowsTheAbOnTheHeldOutTakes() throws Exception {
        Button start = lookup("#record-finetune").queryButton();
        assertThat(start.isVisible()).isFalse(); // no dataset chosen yet: nothing to fine-tune on

        interact(() -> lookup("#record-dataset").<ComboBox<String>>query().setValue("my voice"));
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(start.isVisible()).isTrue();

        clickOn(start);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(fineTune.stateProperty().get()).isNotEqualTo(State.IDLE);
        WaitForAsyncUtils.waitFor(
                300,
                TimeUnit.SECONDS,
                () -> {
                    State s = fineTune.stateProperty().get();
                    return s == State.DONE || s == State.FAILED || s == State.CANCELLED;
                });
        WaitForAsyncUtils.waitForFxEvents();

        assertThat(fineTune.stateProperty().get())
                .as(fineTune.statusProperty().get())
                .isEqualTo(State.DONE);
        assertThat(lookup("#ab-status").queryAs(Label.class).getText())
                .matches("WER A [0-9.]+ %, B [0-9.]+ %: .*");
        assertThat(lookup("#record-finetune-status").queryAs(Label.class).getText())
                .matches("On the \\d+ held-out takes: WER [0-9.]+ % → [0-9.]+ %, CER .*");
        assertThat(lookup("#record-finetune-use").queryButton().isDisabled()).isFalse();
    }
}
