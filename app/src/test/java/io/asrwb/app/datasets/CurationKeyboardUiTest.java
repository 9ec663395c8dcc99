package io.asrwb.app.datasets;

import static org.assertj.core.api.Assertions.assertThat;

import io.asrwb.engine.audio.io.AudioPlayer;
import io.asrwb.engine.store.Catalog;
import io.asrwb.engine.store.CurationRepository;
import io.asrwb.engine.testing.SoundDevices;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.input.KeyCode;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.matcher.control.LabeledMatchers;
import org.testfx.util.WaitForAsyncUtils;

/** The datasets view headless on Monocle: keyboard curation with undo and redo, and playback's no-device message. */
class CurationKeyboardUiTest extends FxRobot {

    @TempDir Path tmp;
    private Catalog catalog;
    private DatasetsViewModel vm;

    @BeforeEach
    void showView() throws Exception {
        Path manifest = SmallCorpus.write(tmp);
        catalog = Catalog.open(tmp.resolve("catalog"));
        vm = SmallCorpus.imported(catalog, manifest);
        FxToolkit.registerPrimaryStage();
        FxToolkit.setupStage(
                stage -> {
                    stage.setScene(new Scene(new DatasetsView(vm), 1200, 760));
                    stage.show();
                });
        WaitForAsyncUtils.waitForFxEvents();
    }

    @AfterEach
    void close() throws Exception {
        FxToolkit.cleanupStages();
        vm.waveform().close();
        catalog.close();
    }

    private boolean storedFlag(String id) {
        long ds = vm.selectedProperty().get().dataset().id();
        return catalog.read(c -> new CurationRepository(c).get(ds, id))
                .map(s -> s.flagged())
                .orElse(false);
    }

    private UtteranceRow row(String id) {
        return vm.visibleUtterances().stream()
                .filter(r -> r.id().equals(id))
                .findFirst()
                .orElseThrow();
    }

    @Test
    void flagWithTheKeyboardThenUndoAndRedo() throws Exception {
        clickOn(lookup(".table-cell").match(LabeledMatchers.hasText("u02")).queryAs(Node.class));
        type(KeyCode.F);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(row("u02").flagged()).isTrue();
        assertThat(storedFlag("u02")).isTrue();

        push(KeyCode.CONTROL, KeyCode.Z);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(row("u02").flagged()).isFalse();
        assertThat(storedFlag("u02")).isFalse();

        push(KeyCode.CONTROL, KeyCode.SHIFT, KeyCode.Z);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(row("u02").flagged()).isTrue();
        assertThat(storedFlag("u02")).isTrue();
        assertThat(lookup("#status-label").queryAs(Label.class).getText())
                .isEqualTo("Redone: flag 1 utterance");

        type(KeyCode.DOWN); // the selection follows the edited row and moves on
        type(KeyCode.X);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(row("u03").excluded()).isTrue();
    }

    @Test
    void clickingAColumnHeaderSortsThroughTheViewModel() {
        clickOn("Duration (s)");
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(vm.visibleUtterances().get(0).id()).isEqualTo("u00");
        clickOn("Duration (s)");
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(vm.visibleUtterances().get(0).id()).isEqualTo("u11");
        javafx.scene.control.TableView<?> table =
                lookup("#utterance-table").queryAs(javafx.scene.control.TableView.class);
        assertThat(((UtteranceRow) table.getItems().get(0)).id()).isEqualTo("u11");
    }

    @Test
    @Tag(SoundDevices.NO_DEVICE_TAG)
    void playWithoutASoundCardShowsAMessageInTheView() throws Exception {
        SoundDevices.requireNone(AudioPlayer.outputAvailable(16000), "a sound output");
        clickOn(lookup(".table-cell").match(LabeledMatchers.hasText("u04")).queryAs(Node.class));
        WaitForAsyncUtils.waitFor(
                10, TimeUnit.SECONDS, () -> vm.waveform().audioProperty().get() != null);
        clickOn("#play-button");
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(lookup("#waveform-message").queryAs(Label.class).getText())
                .startsWith("No audio output device");
    }

    @Test
    void ctrlShiftPShowsTheClipAugmentedAndSelectingItAgainTheOriginal() throws Exception {
        io.asrwb.engine.config.RunConfig config =
                io.asrwb.engine.config.RunConfigYaml.standard()
                        .read(
                                java.nio.file.Files.readString(
                                        Path.of(
                                                "..",
                                                "assets",
                                                "configs",
                                                "tiny-real-conditions.yaml")),
                                "example");
        vm.setRunConfig(() -> config, tmp);
        clickOn(lookup(".table-cell").match(LabeledMatchers.hasText("u04")).queryAs(Node.class));
        WaitForAsyncUtils.waitFor(
                10, TimeUnit.SECONDS, () -> vm.waveform().audioProperty().get() != null);
        float[] original = vm.waveform().audioProperty().get().samples();
        assertThat(lookup("#waveform-shown-as").queryAs(Label.class).getText())
                .isEqualTo("original");

        push(KeyCode.CONTROL, KeyCode.SHIFT, KeyCode.P);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(lookup("#waveform-shown-as").queryAs(Label.class).getText())
                .isEqualTo("augmented: seed " + config.train().seed() + ", epoch 0");
        assertThat(vm.waveform().audioProperty().get().samples()).isNotEqualTo(original);
    }
}
