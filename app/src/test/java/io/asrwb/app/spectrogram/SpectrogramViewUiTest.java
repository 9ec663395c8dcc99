package io.asrwb.app.spectrogram;

import static org.assertj.core.api.Assertions.assertThat;

import io.asrwb.app.tasks.FxTaskRunner;
import io.asrwb.engine.audio.WavWriter;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import javafx.scene.control.Label;
import javafx.scene.image.ImageView;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

/** The viewer headless: a file opened off the FX thread shows as an image with legend and axes. */
class SpectrogramViewUiTest extends FxRobot {

    @TempDir Path tmp;
    private FxTaskRunner tasks;
    private SpectrogramViewModel vm;

    @BeforeEach
    void show() throws Exception {
        FxToolkit.registerPrimaryStage();
        tasks = new FxTaskRunner();
        vm = new SpectrogramViewModel(tasks);
        FxToolkit.setupSceneRoot(() -> new SpectrogramView(vm));
        FxToolkit.setupStage(
                stage -> {
                    stage.setWidth(900);
                    stage.setHeight(500);
                    stage.show();
                });
    }

    @AfterEach
    void close() throws Exception {
        tasks.close();
        FxToolkit.cleanupStages();
    }

    @Test
    void opensAFileAndShowsImageLegendAndAxes() throws Exception {
        float[] samples = new float[16_000 * 3];
        for (int i = 0; i < samples.length; i++) {
            samples[i] = (float) (0.5 * Math.sin(2 * Math.PI * 2000 * i / 16_000.0));
        }
        Path wav = tmp.resolve("tone.wav");
        WavWriter.writePcm16(wav, samples, 16_000, 1);

        interact(() -> vm.open(wav));
        WaitForAsyncUtils.waitFor(
                20,
                TimeUnit.SECONDS,
                () -> lookup("#spectrogram-image").queryAs(ImageView.class).getImage() != null);
        WaitForAsyncUtils.waitForFxEvents();

        ImageView image = lookup("#spectrogram-image").queryAs(ImageView.class);
        assertThat(image.getImage().getHeight()).isEqualTo(161);
        assertThat(image.getImage().getWidth()).isGreaterThan(100).isLessThanOrEqualTo(301);
        assertThat(lookup("#spectrogram-max-db").queryAs(Label.class).getText()).isNotEmpty();
        assertThat(lookup(".label").queryAllAs(Label.class))
                .extracting(Label::getText)
                .contains("1.0 s", "2.0 s", "4 kHz", "dB");

        clickOn("#spectrogram-logmel");
        WaitForAsyncUtils.waitFor(
                20,
                TimeUnit.SECONDS,
                () ->
                        lookup("#spectrogram-image").queryAs(ImageView.class).getImage().getHeight()
                                == 64);
        assertThat(lookup("#spectrogram-framing").queryAs(Label.class).getText())
                .contains("mel bands");
    }
}
