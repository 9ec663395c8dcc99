package io.asrwb.app.transcribe;

import static org.assertj.core.api.Assertions.assertThat;

import io.asrwb.app.tasks.CurrentThreadTaskRunner;
import io.asrwb.engine.audio.AudioFiles;
import io.asrwb.engine.audio.io.MicrophoneCapture;
import io.asrwb.engine.bench.LongAudioFile;
import io.asrwb.engine.inference.TrainedModel;
import io.asrwb.engine.inference.Transcriber;
import io.asrwb.engine.store.Catalog;
import io.asrwb.engine.testing.SoundDevices;
import io.asrwb.engine.transcribe.Segment;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The view model as a plain object on a real two-step run, its catalog and the demo corpus. */
class TranscribeViewModelTest {

    @TempDir Path tmp;
    private TinyRun run;
    private Catalog catalog;
    private TranscribeViewModel vm;

    @BeforeEach
    void open() throws Exception {
        run = TinyRun.get();
        catalog = Catalog.open(run.catalog);
        vm = new TranscribeViewModel(new CurrentThreadTaskRunner(), catalog, Runnable::run);
        vm.refreshModels();
    }

    @AfterEach
    void close() {
        catalog.close();
    }

    @Test
    void listsEveryCheckpointOfTheCatalogsRunsNewestFirst() throws Exception {
        assertThat(vm.models())
                .extracting(ModelChoice::label)
                .filteredOn(l -> l.startsWith("tiny"))
                .containsExactly("tiny · step 2", "tiny · step 1");
        assertThat(vm.modelProperty().get()).isNotNull();
    }

    @Test
    void aRunStillTrainingOffersItsCheckpointsMarkedRunning() throws Exception {
        try (Catalog fresh = Catalog.open(tmp.resolve("catalog"))) {
            fresh.transaction(
                    c ->
                            new io.asrwb.engine.store.RunRepository(c)
                                    .begin(
                                            run.runDir.toString(),
                                            null,
                                            "",
                                            java.time.Instant.now()));
            TranscribeViewModel live =
                    new TranscribeViewModel(new CurrentThreadTaskRunner(), fresh, Runnable::run);
            live.refreshModels();
            assertThat(live.models())
                    .extracting(ModelChoice::label)
                    .contains("tiny · step 2 (running)", "tiny · step 1 (running)");
            live.transcribeFile(TinyRun.demoAudio());
            assertThat(live.errorProperty().get()).isEmpty();
            assertThat(live.latencyMsProperty().get()).isGreaterThanOrEqualTo(0);
        }
    }

    @Test
    void transcribesAFileAsTheCliDoesAndReportsLatency() throws Exception {
        Path audio = TinyRun.demoAudio();
        Path checkpoint = run.latestCheckpoint();
        vm.chooseFolder(run.runDir);
        assertThat(vm.modelProperty().get().checkpoint()).isEqualTo(checkpoint);

        vm.transcribeFile(audio);

        String expected = Transcriber.greedy(TrainedModel.load(checkpoint)).transcribe(audio);
        assertThat(vm.errorProperty().get()).isEmpty();
        assertThat(vm.transcriptProperty().get()).isEqualTo(expected);
        assertThat(vm.latencyMsProperty().get()).isGreaterThanOrEqualTo(0);
        assertThat(vm.statusProperty().get()).contains("espeak-en-us-m1-000.flac").contains(" ms");
        assertThat(vm.busyProperty().get()).isFalse();
    }

    private static Path demoModel() {
        return TinyRun.demoManifest().getParent().getParent().resolve("demo-model");
    }

    @Test
    void aLongFileShowsItsSegmentsAsTheyAreDecodedWithProgress() throws Exception {
        Path wav = tmp.resolve("long.wav");
        LongAudioFile.write(wav, 75, TinyRun.demoManifest().getParent().resolve("test.jsonl"), 0.4);
        vm.chooseFolder(demoModel()); // says words; two steps of training say none
        List<Integer> segmentsSeen = new ArrayList<>();
        List<Double> progressSeen = new ArrayList<>();
        vm.transcriptProperty().addListener((o, a, b) -> segmentsSeen.add(vm.segments().size()));
        vm.progressProperty().addListener((o, a, b) -> progressSeen.add(b.doubleValue()));

        vm.transcribeFile(wav);

        assertThat(vm.errorProperty().get()).isEmpty();
        assertThat(vm.busyProperty().get()).isFalse();
        assertThat(vm.segments()).hasSizeGreaterThanOrEqualTo(2);
        // The transcript grew segment by segment before the end, one stamped line each.
        assertThat(segmentsSeen).contains(1, 2);
        assertThat(vm.transcriptProperty().get().lines())
                .hasSize(vm.segments().size())
                .allMatch(l -> l.matches("\\[\\d\\d:\\d\\d:\\d\\d] .*"));
        assertThat(progressSeen).contains(1.0);
        assertThat(vm.progressProperty().get()).isEqualTo(-1);
    }

    @Test
    void cancelStopsALongFileKeepingWhatWasDecoded() throws Exception {
        Path wav = tmp.resolve("long.wav");
        // 450 s: 17 windows of 30 s, 2 per pass; the first pass finishes the first segment.
        LongAudioFile.write(
                wav, 450, TinyRun.demoManifest().getParent().resolve("test.jsonl"), 0.4);
        vm.chooseFolder(demoModel());
        // The user presses Cancel when the first segment shows.
        vm.segments()
                .addListener((javafx.collections.ListChangeListener<Segment>) c -> vm.cancel());

        vm.transcribeFile(wav);

        assertThat(vm.busyProperty().get()).isFalse();
        assertThat(vm.errorProperty().get()).isEmpty();
        assertThat(vm.statusProperty().get()).startsWith("Cancelled");
        assertThat(vm.segments()).isNotEmpty().hasSizeLessThan(12);
        // The next file runs normally.
        vm.transcribeFile(TinyRun.demoAudio());
        assertThat(vm.statusProperty().get()).doesNotStartWith("Cancelled");
        assertThat(vm.busyProperty().get()).isFalse();
    }

    @Test
    void aRecordingInMemoryDecodesLikeTheSameAudioFromAFile() throws Exception {
        Path audio = TinyRun.demoAudio();
        Transcriber transcriber = Transcriber.greedy(TrainedModel.load(run.runDir));
        assertThat(transcriber.transcribe(AudioFiles.load(audio)))
                .isEqualTo(transcriber.transcribe(audio));
    }

    @Test
    void aBrokenFileIsAMessageNotAStackTrace() throws Exception {
        Path notAudio = java.nio.file.Files.writeString(tmp.resolve("notes.wav"), "not audio");
        vm.chooseFolder(run.runDir);

        vm.transcribeFile(notAudio);

        assertThat(vm.errorProperty().get()).contains("notes.wav").doesNotContain("Exception");
        assertThat(vm.busyProperty().get()).isFalse();
    }

    @Test
    void aFolderWithoutCheckpointsIsRefusedWithItsName() {
        vm.chooseFolder(tmp);
        assertThat(vm.errorProperty().get())
                .contains(tmp.toString())
                .contains("no complete checkpoint");
    }

    @Test
    @Tag(SoundDevices.NO_DEVICE_TAG)
    void withoutAMicrophonePushToTalkSaysSo() {
        SoundDevices.requireNone(MicrophoneCapture.inputAvailable(), "a microphone");
        vm.pressed();
        assertThat(vm.recordingProperty().get()).isFalse();
        assertThat(vm.errorProperty().get())
                .startsWith(
                        "No microphone found: connect one or check the system's sound settings");
        vm.released(); // nothing to stop: no error, no transcript
        assertThat(vm.transcriptProperty().get()).isEmpty();
    }

    @Test
    @Tag(SoundDevices.NO_DEVICE_TAG)
    void showingTheViewWithoutAMicrophoneSaysPushToTalkIsOffAtOnce() {
        SoundDevices.requireNone(MicrophoneCapture.inputAvailable(), "a microphone");
        assertThat(vm.microphoneProperty().get()).isEmpty(); // nothing tried yet
        vm.armMicrophone(); // what the view does when it is shown
        assertThat(vm.microphoneProperty().get())
                .startsWith("No microphone found")
                .endsWith("push-to-talk is off; drop or open an audio file to transcribe it.");
        assertThat(vm.errorProperty().get()).isEmpty(); // not an error: files still work
    }
}
