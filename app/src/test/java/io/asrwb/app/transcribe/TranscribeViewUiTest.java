package io.asrwb.app.transcribe;

import static org.assertj.core.api.Assertions.assertThat;

import io.asrwb.app.tasks.FxTaskRunner;
import io.asrwb.engine.bench.LongAudioFile;
import io.asrwb.engine.inference.TrainedModel;
import io.asrwb.engine.inference.Transcriber;
import io.asrwb.engine.store.Catalog;
import io.asrwb.engine.testing.SoundDevices;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import javafx.application.Platform;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.TextArea;
import javafx.scene.text.Text;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

/** The tab headless: the run's checkpoints in the chooser, a file transcribed off the FX thread, the text shown. */
class TranscribeViewUiTest extends FxRobot {

    private FxTaskRunner tasks;
    private Catalog catalog;
    private TranscribeViewModel vm;
    private TinyRun run;

    @BeforeEach
    void show() throws Exception {
        run = TinyRun.get();
        catalog = Catalog.open(run.catalog);
        FxToolkit.registerPrimaryStage();
        tasks = new FxTaskRunner();
        vm = new TranscribeViewModel(tasks, catalog, Platform::runLater);
        FxToolkit.setupSceneRoot(
                () -> {
                    vm.refreshModels();
                    return new TranscribeView(vm);
                });
        FxToolkit.setupStage(
                stage -> {
                    stage.setWidth(1000);
                    stage.setHeight(600);
                    stage.show();
                });
    }

    @AfterEach
    void close() throws Exception {
        tasks.close();
        FxToolkit.cleanupStages();
        catalog.close();
    }

    @Test
    void transcribesAnOpenedFileAndShowsTextAndLatency() throws Exception {
        Path audio = TinyRun.demoAudio();
        ComboBox<?> chooser = lookup("#transcribe-model").queryAs(ComboBox.class);
        // push-to-talk starts on the bundled streaming model, else the demo model
        assertThat(chooser.getValue())
                .hasToString(
                        ModelChoices.bundled().stream()
                                .findFirst()
                                .map(ModelChoice::label)
                                .orElse("tiny · step 2"));
        interact(() -> vm.chooseFolder(run.runDir));

        interact(() -> vm.transcribeFile(audio));
        WaitForAsyncUtils.waitFor(
                60,
                TimeUnit.SECONDS,
                () -> !lookup("#transcribe-latency").queryAs(Label.class).getText().isEmpty());
        WaitForAsyncUtils.waitForFxEvents();

        String expected = Transcriber.greedy(TrainedModel.load(run.runDir)).transcribe(audio);
        assertThat(lookup("#transcribe-transcript").queryAs(TextArea.class).getText())
                .isEqualTo(expected);
        assertThat(lookup("#transcribe-latency").queryAs(Label.class).getText())
                .matches("Latency \\d+ ms");
        assertThat(lookup("#transcribe-message").queryAs(Label.class).getText())
                .contains("espeak-en-us-m1-000.flac")
                .contains("tiny · step 2");
    }

    @Test
    void theLineUnderTheChooserSaysWhatTheDemoModelKnows() throws Exception {
        Path demo = TinyRun.demoManifest().getParent().getParent().resolve("demo-model");
        interact(() -> vm.chooseFolder(demo));
        Label vocabulary = lookup("#transcribe-vocabulary").queryAs(Label.class);
        WaitForAsyncUtils.waitFor(
                30, TimeUnit.SECONDS, () -> vocabulary.getText().contains(" words "));
        WaitForAsyncUtils.waitForFxEvents();

        Label trainedOn = lookup("#transcribe-trained-on").queryAs(Label.class);
        assertThat(vocabulary.getText()).startsWith("vocabulary: 61 words (from lm.arpa): again,");
        assertThat(trainedOn.getText()).startsWith("trained on: 16.8 h, 34 286 utterances");
        // what the window shows at 1000 px: the count and the hours, uncut; the rest on hover
        assertThat(shown(vocabulary)).startsWith("vocabulary: 61 words");
        assertThat(shown(trainedOn))
                .startsWith("trained on: 16.8 h, 34 286 utterances, 739 voices");
        assertThat(vocabulary.getTooltip().getText()).isEqualTo(vocabulary.getText());
        assertThat(trainedOn.getTooltip().getText()).isEqualTo(trainedOn.getText());

        clickOn("#transcribe-words");
        WaitForAsyncUtils.waitForFxEvents();
        clickOn("#transcribe-word-filter").write("tee");
        WaitForAsyncUtils.waitForFxEvents();
        ListView<?> words = lookup("#transcribe-word-list").queryAs(ListView.class);
        assertThat(words.getItems().stream().map(Object::toString))
                .contains("thirteen", "nineteen")
                .doesNotContain("one");
    }

    /** The text a label draws: its own, or cut with an ellipsis where it does not fit. */
    private static String shown(Label label) {
        return ((Text) label.lookup(".text")).getText();
    }

    @Test
    void aLongFileShowsSegmentsWhileItRunsAndCancelStopsIt() throws Exception {
        Path wav = Files.createTempDirectory(Path.of("target"), "long-ui-").resolve("long.wav");
        LongAudioFile.write(
                wav, 900, TinyRun.demoManifest().getParent().resolve("test.jsonl"), 0.4);
        interact(
                () ->
                        vm.chooseFolder(
                                TinyRun.demoManifest()
                                        .getParent()
                                        .getParent()
                                        .resolve("demo-model")));

        interact(() -> vm.transcribeFile(wav));
        TextArea text = lookup("#transcribe-transcript").queryAs(TextArea.class);
        WaitForAsyncUtils.waitFor(120, TimeUnit.SECONDS, () -> !text.getText().isEmpty());
        // The FX thread is free while the file is decoded: segments show, the bar moves, Cancel is
        // there.
        assertThat(text.getText()).startsWith("[00:00:00] ");
        assertThat(lookup("#transcribe-progress").queryAs(ProgressBar.class).isVisible()).isTrue();
        clickOn("#transcribe-cancel");
        Label message = lookup("#transcribe-message").queryAs(Label.class);
        WaitForAsyncUtils.waitFor(
                120, TimeUnit.SECONDS, () -> message.getText().startsWith("Cancelled"));
        WaitForAsyncUtils.waitForFxEvents();

        assertThat(vm.segments()).isNotEmpty();
        assertThat(vm.segments().get(vm.segments().size() - 1).endSeconds())
                .isLessThan(800); // stopped early
        assertThat(lookup("#transcribe-progress").queryAs(ProgressBar.class).isVisible()).isFalse();
        assertThat(
                        lookup("#transcribe-cancel")
                                .queryAs(javafx.scene.control.Button.class)
                                .isVisible())
                .isFalse();
        Files.deleteIfExists(wav);
    }

    @Test
    @Tag(SoundDevices.NO_DEVICE_TAG)
    void holdingTheButtonWithoutAMicrophoneShowsAMessage() {
        SoundDevices.requireNone(
                io.asrwb.engine.audio.io.MicrophoneCapture.inputAvailable(), "a microphone");
        moveTo("#transcribe-talk").press(javafx.scene.input.MouseButton.PRIMARY);
        WaitForAsyncUtils.waitForFxEvents();
        release(javafx.scene.input.MouseButton.PRIMARY);
        WaitForAsyncUtils.waitForFxEvents();

        Label message = lookup("#transcribe-message").queryAs(Label.class);
        assertThat(message.getText())
                .startsWith(
                        "No microphone found: connect one or check the system's sound settings");
        assertThat(lookup("#transcribe-talk").queryAs(javafx.scene.control.Button.class).getText())
                .isEqualTo("Hold to talk");
    }

    @Test
    @Tag(SoundDevices.NO_DEVICE_TAG)
    void theSpaceBarIsPushToTalkToo() {
        SoundDevices.requireNone(
                io.asrwb.engine.audio.io.MicrophoneCapture.inputAvailable(), "a microphone");
        TranscribeView view = lookup(".transcribe-view").queryAs(TranscribeView.class);
        interact(view::requestFocus);
        press(javafx.scene.input.KeyCode.SPACE);
        WaitForAsyncUtils.waitForFxEvents();
        release(javafx.scene.input.KeyCode.SPACE);
        WaitForAsyncUtils.waitForFxEvents();

        assertThat(lookup("#transcribe-message").queryAs(Label.class).getText())
                .startsWith("No microphone found");
    }
}
