package io.asrwb.app.record;

import static org.assertj.core.api.Assertions.assertThat;

import io.asrwb.app.AppContext;
import io.asrwb.app.AudioMatch;
import io.asrwb.app.PulseAudio;
import io.asrwb.app.tasks.FxTaskRunner;
import io.asrwb.engine.audio.AudioFiles;
import io.asrwb.engine.audio.PcmAudio;
import io.asrwb.engine.audio.WavWriter;
import io.asrwb.engine.data.Split;
import io.asrwb.engine.data.Utterance;
import io.asrwb.engine.store.Catalog;
import io.asrwb.engine.store.DatasetRecord;
import io.asrwb.engine.store.DatasetRepository;
import io.asrwb.engine.store.StoredUtterance;
import io.asrwb.engine.store.UtteranceRepository;
import io.asrwb.engine.testing.DemoSubset;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import javafx.application.Platform;
import javafx.scene.control.Label;
import javafx.scene.input.KeyCode;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The Record tab headless on Monocle, through a real sound server: PulseAudio with a null sink
 * whose monitor is the default source ({@code pulse-null-sink.sh}, as the push-to-talk test uses
 * it). A demo-corpus clip is played into it with {@code paplay} while Space is held; Enter keeps
 * the take. Skipped where PulseAudio or {@code paplay} is missing.
 */
@Tag("pulseaudio")
class RecordViewPulseAudioUiTest extends FxRobot {

    private static final Logger LOG = LoggerFactory.getLogger(RecordViewPulseAudioUiTest.class);

    /** A probe showed the first samples reach Java Sound about 2 s after the line opens. */
    private static final long SETTLE_MILLIS = 2_500;

    /**
     * What a take holds beyond the played clip: the capture's 300 ms pre-roll and 300 ms tail,
     * paplay's start-up, and the 300 ms the test waits before releasing the key.
     */
    private static final double MAX_EXTRA_SECONDS = 2.5;

    @TempDir Path tmp;
    private Catalog catalog;
    private FxTaskRunner tasks;

    @AfterEach
    void close() throws Exception {
        if (tasks != null) { // the toolkit was started: the test was not skipped
            FxToolkit.cleanupStages();
            tasks.close();
        }
        if (catalog != null) {
            catalog.close();
        }
    }

    @Test
    void holdingSpaceRecordsWhatPaplayPlaysAndEnterKeepsItAsAnUtterance() throws Exception {
        PulseAudio.assumeRunning();
        PcmAudio speech =
                AudioFiles.load(
                        DemoSubset.demoManifest()
                                .getParent()
                                .resolve("audio/espeak-en-us-m1/espeak-en-us-m1-000.flac"));
        Path wav = tmp.resolve("speech.wav");
        WavWriter.writePcm16(wav, speech.samples(), speech.sampleRate(), 1);
        Path prompts =
                Files.writeString(tmp.resolve("prompts.txt"), "read this first\nthen this\n");

        catalog = Catalog.open(tmp.resolve("catalog"));
        FxToolkit.registerPrimaryStage();
        tasks = new FxTaskRunner();
        RecordViewModel vm =
                new RecordViewModel(
                        new AppContext(catalog, tasks, Clock.systemUTC(), "me"),
                        Platform::runLater,
                        tmp.resolve("recordings"));
        AtomicReference<Double> loudest = new AtomicReference<>(-200.0);
        vm.levelProperty()
                .addListener((o, a, b) -> loudest.accumulateAndGet(b.doubleValue(), Math::max));
        AtomicReference<RecordView> view = new AtomicReference<>();
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
        interact(
                () -> {
                    vm.openPrompts(prompts);
                    vm.dataset.set("my voice");
                    vm.speaker.set("Ann");
                    view.get().requestFocus();
                });
        assertThat(lookup("#record-prompt").queryAs(Label.class).getText())
                .isEqualTo("read this first");
        Thread.sleep(SETTLE_MILLIS); // the tab armed the microphone when it was shown

        press(KeyCode.SPACE);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(vm.recordingProperty().get()).as("Space held records").isTrue();
        assertThat(PulseAudio.play(wav)).as("paplay " + wav).isTrue();
        Thread.sleep(300);
        release(KeyCode.SPACE);
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> vm.clip.get() != null);
        PcmAudio take = vm.clip.get();
        assertThat(vm.error.get()).as("the take's verdict").isEmpty();
        assertThat(lookup("#record-message").queryAs(Label.class).getText())
                .contains("s recorded: P plays it, Enter keeps it");

        type(KeyCode.ENTER);
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> vm.prompt.get().equals("then this"));
        WaitForAsyncUtils.waitForFxEvents();

        List<Utterance> kept = utterances("my voice");
        assertThat(kept).hasSize(1);
        Utterance u = kept.get(0);
        assertThat(u.transcript()).isEqualTo("read this first");
        assertThat(u.speaker()).isEqualTo("Ann");
        assertThat(u.split()).isEqualTo(Split.TRAIN);
        DatasetRecord d = catalog.read(c -> new DatasetRepository(c).require("my voice"));
        PcmAudio stored = AudioFiles.loadNative(Path.of(d.root()).resolve(u.audio()));
        AudioMatch.Match match = AudioMatch.bestMatch(speech.samples(), stored.samples());
        LOG.info(
                "played {} s, took {} s, stored {} s at {} Hz; the clip found at {} s with"
                        + " correlation {}; loudest chunk {} dBFS",
                speech.durationSeconds(),
                take.durationSeconds(),
                stored.durationSeconds(),
                stored.sampleRate(),
                match.lag() / 16_000.0,
                match.correlation(),
                loudest.get());
        assertThat(stored.sampleRate()).isEqualTo(16_000);
        assertThat(stored.durationSeconds())
                .as("the stored take holds the played clip and little else")
                .isBetween(speech.durationSeconds(), speech.durationSeconds() + MAX_EXTRA_SECONDS);
        assertThat(u.durationSeconds()).isEqualTo(stored.durationSeconds());
        assertThat(match.correlation())
                .as("normalised correlation of the played clip and the stored take")
                .isGreaterThan(0.95);
        assertThat(match.lag() / 16_000.0)
                .as(
                        "seconds of the take before the clip: pre-roll and paplay's start (an"
                                + " unarmed microphone loses the start instead)")
                .isLessThan(1.5);
        assertThat(loudest.get()).as("the level meter saw the speech").isGreaterThan(-40.0);
        assertThat(lookup("#record-progress").queryAs(Label.class).getText())
                .startsWith("1 of 2 prompts, 0 min ");
    }

    private List<Utterance> utterances(String dataset) {
        return catalog.read(
                c -> {
                    DatasetRecord d = new DatasetRepository(c).require(dataset);
                    return new UtteranceRepository(c)
                            .of(d.id()).stream().map(StoredUtterance::utterance).toList();
                });
    }
}
