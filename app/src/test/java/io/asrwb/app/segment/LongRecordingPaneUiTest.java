package io.asrwb.app.segment;

import static org.assertj.core.api.Assertions.assertThat;

import io.asrwb.app.AppContext;
import io.asrwb.app.tasks.CurrentThreadTaskRunner;
import io.asrwb.app.tasks.FxTaskRunner;
import io.asrwb.engine.audio.AudioFiles;
import io.asrwb.engine.audio.WavWriter;
import io.asrwb.engine.store.Catalog;
import io.asrwb.engine.store.DatasetRepository;
import io.asrwb.engine.store.UtteranceRepository;
import io.asrwb.engine.testing.DemoSubset;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javafx.scene.control.Label;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

/**
 * File → Import long recording headless: a recording of three demo clips cut and imported off the
 * FX thread as drafts, the dataset in the catalog afterwards; a form left empty says what is
 * missing.
 */
class LongRecordingPaneUiTest extends FxRobot {

    @TempDir Path dir;
    private Catalog catalog;
    private FxTaskRunner tasks;
    private final List<String> imported = new ArrayList<>();

    @BeforeEach
    void show() throws Exception {
        catalog = Catalog.open(dir.resolve("catalog"));
        tasks = new FxTaskRunner();
        LongRecordingViewModel vm =
                new LongRecordingViewModel(new AppContext(catalog, tasks, Clock.systemUTC(), "t"));
        vm.setOut(dir.resolve("segments"));
        vm.setOnImported(imported::add);
        FxToolkit.registerPrimaryStage();
        FxToolkit.setupSceneRoot(() -> new LongRecordingPane(vm));
        FxToolkit.setupStage(
                stage -> {
                    stage.setWidth(800);
                    stage.setHeight(500);
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
    void aRecordingIsCutAndImportedOffTheFxThread() throws Exception {
        Path wav = threeClips(dir.resolve("three.wav"));
        clickOn("#long-recording").write(wav.toString());
        clickOn("#long-model")
                .write(DemoSubset.demoCorpus().resolveSibling("demo-model").toString());
        clickOn("#long-dataset").write("spoken");
        clickOn("#long-import");
        WaitForAsyncUtils.waitFor(
                120,
                TimeUnit.SECONDS,
                () -> lookup("#long-status").queryAs(Label.class).getText().startsWith("Imported"));
        WaitForAsyncUtils.waitForFxEvents();

        assertThat(lookup("#long-status").queryAs(Label.class).getText())
                .isEqualTo(
                        "Imported 3 utterances (draft labels, flagged for review) into 'spoken', 0"
                                + " stretches rejected");
        assertThat(imported).containsExactly("spoken");
        int count =
                catalog.read(
                        c ->
                                new UtteranceRepository(c)
                                        .count(new DatasetRepository(c).require("spoken").id()));
        assertThat(count).isEqualTo(3);
    }

    @Test
    void anEmptyFormSaysWhatIsMissing() {
        LongRecordingViewModel vm =
                new LongRecordingViewModel(
                        new AppContext(
                                catalog, new CurrentThreadTaskRunner(), Clock.systemUTC(), "t"));
        vm.start();
        assertThat(vm.statusProperty().get())
                .isEqualTo("Choose a recording, a model and a dataset first");
        assertThat(vm.busyProperty().get()).isFalse();
    }

    private static Path threeClips(Path wav) throws Exception {
        Path voice = DemoSubset.demoCorpus().resolve("audio/espeak-en-f2");
        int rate = AudioFiles.MODEL_RATE;
        List<float[]> clips = new ArrayList<>();
        int total = 0;
        for (int i = 0; i < 3; i++) {
            float[] c =
                    AudioFiles.load(voice.resolve(String.format("espeak-en-f2-%03d.flac", i)))
                            .samples();
            clips.add(c);
            total += c.length + rate;
        }
        float[] all = new float[total];
        int at = 0;
        for (float[] c : clips) {
            System.arraycopy(c, 0, all, at, c.length);
            at += c.length + rate;
        }
        WavWriter.writePcm16(wav, all, rate, 1);
        return wav;
    }
}
