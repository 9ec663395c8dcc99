package io.asrwb.app.transcribe;

import static org.assertj.core.api.Assertions.assertThat;

import io.asrwb.app.tasks.FxTaskRunner;
import io.asrwb.engine.decode.lm.build.ArpaWriter;
import io.asrwb.engine.decode.lm.build.KneserNeyEstimator;
import io.asrwb.engine.decode.lm.build.NgramCounts;
import io.asrwb.engine.decode.lm.build.PruneThresholds;
import io.asrwb.engine.inference.DecoderSettings;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import javafx.application.Platform;
import javafx.scene.Node;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.Slider;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

/** The decoder row headless: choosing an LM turns the beam on; the α slider re-decodes the clip. */
class DecoderBarUiTest extends FxRobot {

    @TempDir Path tmp;
    private FxTaskRunner tasks;
    private TranscribeViewModel vm;

    @BeforeEach
    void show() throws Exception {
        FxToolkit.registerPrimaryStage();
        tasks = new FxTaskRunner();
        vm = new TranscribeViewModel(tasks, null, Platform::runLater);
        FxToolkit.setupSceneRoot(() -> new TranscribeView(vm));
        FxToolkit.setupStage(
                stage -> {
                    stage.setWidth(1280);
                    stage.setHeight(700);
                    stage.show();
                });
    }

    @AfterEach
    void close() throws Exception {
        tasks.close();
        FxToolkit.cleanupStages();
    }

    @Test
    void theSlidersReDecodeTheCurrentClip() throws Exception {
        NgramCounts counts = new NgramCounts(2);
        counts.addText("please turn left");
        counts.addText("please turn right");
        Path arpa = tmp.resolve("tiny.arpa");
        ArpaWriter.write(KneserNeyEstimator.estimate(counts, PruneThresholds.NONE), arpa);
        Slider alpha = lookup("#transcribe-alpha").queryAs(Slider.class);
        assertThat(enabled(alpha)).isFalse(); // greedy, no LM: nothing to weigh

        interact(
                () ->
                        vm.chooseFolder(
                                TinyRun.demoManifest().getParent().resolveSibling("demo-model")));
        interact(() -> vm.transcribeFile(TinyRun.demoAudio()));
        waitUntilIdle();
        assertThat(vm.forwardPasses()).isEqualTo(1);

        interact(() -> vm.decoding().languageModelProperty().set(arpa));
        waitUntilIdle();
        assertThat(lookup("#transcribe-decoder").queryAs(ComboBox.class).getValue())
                .isEqualTo(DecoderSettings.Kind.BEAM);
        assertThat(lookup("#transcribe-lm").queryAs(Label.class).getText()).isEqualTo("tiny.arpa");
        assertThat(enabled(alpha)).isTrue();

        interact(() -> alpha.setValue(2.75));
        waitUntilIdle();
        assertThat(vm.decoding().alphaProperty().get()).isEqualTo(2.75);
        assertThat(lookup("#transcribe-message").queryAs(Label.class).getText())
                .contains("Decoded again")
                .contains("α 2.75");
        assertThat(vm.forwardPasses()).isEqualTo(1);
    }

    private static boolean enabled(Node node) {
        return !node.isDisabled();
    }

    private void waitUntilIdle() throws Exception {
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> !vm.busyProperty().get());
        WaitForAsyncUtils.waitForFxEvents();
    }
}
