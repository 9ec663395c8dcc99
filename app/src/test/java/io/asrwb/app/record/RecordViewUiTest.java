package io.asrwb.app.record;

import static org.assertj.core.api.Assertions.assertThat;

import io.asrwb.app.AppContext;
import io.asrwb.app.tasks.FxTaskRunner;
import io.asrwb.engine.audio.PcmAudio;
import io.asrwb.engine.store.Catalog;
import io.asrwb.engine.store.DatasetRecord;
import io.asrwb.engine.store.DatasetRepository;
import io.asrwb.engine.store.StoredUtterance;
import io.asrwb.engine.store.UtteranceRepository;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import javafx.application.Platform;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The Record tab's keys headless, with takes handed in as the microphone would (the microphone
 * itself: {@link RecordViewPulseAudioUiTest}): S skips, R drops the take, Enter keeps it, and the
 * same letters typed into the speaker field stay there.
 */
class RecordViewUiTest extends FxRobot {

    @TempDir Path tmp;
    private Catalog catalog;
    private FxTaskRunner tasks;
    private RecordViewModel vm;
    private final AtomicReference<RecordView> view = new AtomicReference<>();

    @BeforeEach
    void show() throws Exception {
        catalog = Catalog.open(tmp.resolve("catalog"));
        FxToolkit.registerPrimaryStage();
        tasks = new FxTaskRunner();
        vm =
                new RecordViewModel(
                        new AppContext(catalog, tasks, Clock.systemUTC(), "me"),
                        Platform::runLater,
                        tmp.resolve("recordings"));
        FxToolkit.setupSceneRoot(
                () -> {
                    view.set(new RecordView(vm));
                    return view.get();
                });
        FxToolkit.setupStage(
                stage -> {
                    stage.setWidth(1100);
                    stage.setHeight(600);
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
    void skipRecordAgainAndKeepFromTheKeyboard() throws Exception {
        Path prompts = Files.writeString(tmp.resolve("p.txt"), "one\ntwo\nthree\n");
        interact(() -> vm.openPrompts(prompts));
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(view.get().isFocused())
                .as("the keys reach the tab when it is shown, not the dataset box")
                .isTrue();
        clickOn("#record-speaker").write("Sam");
        type(KeyCode.ENTER); // hands the focus back to the tab
        assertThat(lookup("#record-speaker").queryAs(TextField.class).getText()).isEqualTo("Sam");
        assertThat(prompt()).as("S typed into the speaker field skipped nothing").isEqualTo("one");
        interact(() -> vm.dataset.set("sam (read)"));
        interact(() -> view.get().requestFocus());

        type(KeyCode.S);
        assertThat(prompt()).isEqualTo("two");
        interact(() -> vm.took(tone(1.0)));
        type(KeyCode.R);
        assertThat(vm.clip.get()).isNull();
        assertThat(message()).isEqualTo("Hold Space to record the prompt again");
        interact(() -> vm.took(tone(1.5)));
        type(KeyCode.ENTER);
        WaitForAsyncUtils.waitFor(
                10, TimeUnit.SECONDS, () -> prompt().equals("three") || !vm.error.get().isEmpty());
        assertThat(vm.error.get()).isEmpty();
        WaitForAsyncUtils.waitForFxEvents();

        assertThat(lookup("#record-progress").queryAs(Label.class).getText())
                .isEqualTo("2 of 3 prompts, 0 min 2 s recorded (p.txt)");
        assertThat(message()).startsWith("Kept as sam-");
        assertThat(lookup("#record-dataset").queryAs(ComboBox.class).getValue())
                .as("the new dataset joined the box's list and stayed chosen")
                .isEqualTo("sam (read)");
        assertThat(vm.datasets).containsExactly("sam (read)");
        List<StoredUtterance> kept =
                catalog.read(
                        c -> {
                            DatasetRecord d = new DatasetRepository(c).require("sam (read)");
                            return new UtteranceRepository(c).of(d.id());
                        });
        assertThat(kept).hasSize(1);
        assertThat(kept.get(0).utterance().transcript()).isEqualTo("two");
        assertThat(kept.get(0).utterance().speaker()).isEqualTo("Sam");
        assertThat(kept.get(0).utterance().durationSeconds()).isEqualTo(1.5);
    }

    @Test
    void anEmptyPromptsFileIsOneClearLine() throws Exception {
        Path empty = Files.writeString(tmp.resolve("empty.txt"), "");
        interact(() -> vm.openPrompts(empty));
        assertThat(message())
                .isEqualTo(
                        "prompts file "
                                + empty
                                + " has no sentences (0 lines, all blank); write one sentence per"
                                + " line");
    }

    private String prompt() {
        return lookup("#record-prompt").queryAs(Label.class).getText();
    }

    private String message() {
        return lookup("#record-message").queryAs(Label.class).getText();
    }

    private static PcmAudio tone(double seconds) {
        float[] s = new float[(int) Math.round(16_000 * seconds)];
        for (int i = 0; i < s.length; i++) {
            s[i] = (float) (0.3 * Math.sin(2 * Math.PI * 180 * i / 16_000.0));
        }
        return new PcmAudio(s, 16_000);
    }
}
