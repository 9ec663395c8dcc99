package io.asrwb.app.datasets;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.asrwb.app.waveform.ListeningAids;
import io.asrwb.app.waveform.PitchTierLayer;
import io.asrwb.engine.audio.pitch.PitchTrack;
import io.asrwb.engine.store.Catalog;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ComboBox;
import javafx.scene.input.KeyCode;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.matcher.control.LabeledMatchers;
import org.testfx.util.WaitForAsyncUtils;

/** The pitch tier and slow playback in the datasets view, headless on Monocle, by keyboard. */
class ListeningAidsUiTest extends FxRobot {

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
        clickOn(lookup(".table-cell").match(LabeledMatchers.hasText("u04")).queryAs(Node.class));
        WaitForAsyncUtils.waitFor(
                10, TimeUnit.SECONDS, () -> vm.waveform().audioProperty().get() != null);
    }

    @AfterEach
    void close() throws Exception {
        FxToolkit.cleanupStages();
        vm.waveform().close();
        catalog.close();
    }

    @Test
    void ctrlShiftHShowsThePitchOfTheClipOverWaveformAndSpectrogram() throws Exception {
        ListeningAids aids = vm.waveform().aids();
        assertThat(aids.pitchProperty().get()).as("not computed while hidden").isNull();

        press(KeyCode.CONTROL, KeyCode.SHIFT, KeyCode.H)
                .release(KeyCode.H, KeyCode.SHIFT, KeyCode.CONTROL);
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> aids.pitchProperty().get() != null);
        WaitForAsyncUtils.waitForFxEvents();

        assertThat(lookup("#pitch-toggle").queryAs(CheckBox.class).isSelected()).isTrue();
        PitchTrack track = aids.pitchProperty().get();
        assertThat(track.medianHz().orElseThrow())
                .isCloseTo(220.0, within(3.0)); // SmallCorpus: 220 Hz
        var layers = lookup(".pitch-tier").queryAllAs(PitchTierLayer.class);
        assertThat(layers).hasSize(2);
        for (PitchTierLayer layer : layers) {
            assertThat(layer.dotsDrawn()).isGreaterThan(10);
        }

        clickOn("#pitch-toggle");
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(aids.pitchProperty().get()).isNull();
        assertThat(layers.iterator().next().dotsDrawn()).isZero();
    }

    @Test
    void ctrlShiftSStepsThePlaybackSpeedDownAndBackToFull() {
        @SuppressWarnings("unchecked")
        ComboBox<Double> speed = lookup("#speed-choice").queryAs(ComboBox.class);
        assertThat(speed.getValue()).isEqualTo(1.0);
        for (double expected : new double[] {0.75, 0.5, 1.0}) {
            press(KeyCode.CONTROL, KeyCode.SHIFT, KeyCode.S)
                    .release(KeyCode.S, KeyCode.SHIFT, KeyCode.CONTROL);
            WaitForAsyncUtils.waitForFxEvents();
            assertThat(vm.waveform().aids().speedProperty().get()).isEqualTo(expected);
            assertThat(speed.getValue()).isEqualTo(expected);
        }
    }
}
