package io.asrwb.app.record;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.asrwb.app.AppContext;
import io.asrwb.app.tasks.CurrentThreadTaskRunner;
import io.asrwb.engine.audio.AudioFiles;
import io.asrwb.engine.audio.PcmAudio;
import io.asrwb.engine.data.Split;
import io.asrwb.engine.data.Utterance;
import io.asrwb.engine.store.Catalog;
import io.asrwb.engine.store.DatasetRecord;
import io.asrwb.engine.store.DatasetRepository;
import io.asrwb.engine.store.StoredUtterance;
import io.asrwb.engine.store.UtteranceRepository;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The Record tab's view model on a real catalog, takes handed in as the microphone would. */
class RecordViewModelTest {

    @TempDir Path tmp;
    private Catalog catalog;
    private RecordViewModel vm;

    @BeforeEach
    void open() throws Exception {
        catalog = Catalog.open(tmp.resolve("catalog"));
        vm =
                new RecordViewModel(
                        new AppContext(
                                catalog, new CurrentThreadTaskRunner(), Clock.systemUTC(), "me"),
                        Runnable::run,
                        tmp.resolve("recordings"));
        Files.writeString(tmp.resolve("p.txt"), "the first one\nthe second one\nthe third one\n");
    }

    @AfterEach
    void close() {
        vm.close();
        catalog.close();
    }

    @Test
    void openingTheTabRemovesWhatAKilledRecordingLeftAndSaysSo() throws Exception {
        Path folder = Files.createDirectories(tmp.resolve("recordings/mine/recorded/ann"));
        Path left = Files.writeString(folder.resolve("ann-20261126-101530123.wav.part"), "RIFF");
        Files.setLastModifiedTime(
                left,
                java.nio.file.attribute.FileTime.from(
                        java.time.Instant.now().minus(java.time.Duration.ofHours(1))));

        RecordViewModel reopened =
                new RecordViewModel(
                        new AppContext(
                                catalog, new CurrentThreadTaskRunner(), Clock.systemUTC(), "me"),
                        Runnable::run,
                        tmp.resolve("recordings"));
        try {
            assertThat(left).doesNotExist();
            assertThat(reopened.message.get())
                    .isEqualTo(
                            "Removed 1 unfinished recording file(s) an earlier session left, e.g."
                                    + " ann-20261126-101530123.wav.part");
        } finally {
            reopened.close();
        }
    }

    @Test
    void keptTakesBecomeUtterancesOfANewDatasetWithThePromptAsTranscript() throws Exception {
        vm.openPrompts(tmp.resolve("p.txt"));
        assertThat(vm.prompt.get()).isEqualTo("the first one");
        assertThat(vm.progress.get()).isEqualTo("0 of 3 prompts, 0 min 0 s recorded (p.txt)");
        vm.dataset.set("my voice");
        vm.speaker.set("Ann");
        vm.split.set(Split.VAL);

        vm.took(speech(2.0));
        assertThat(vm.clip.get()).isNotNull();
        assertThat(vm.error.get()).isEmpty();
        vm.accept();
        assertThat(vm.error.get()).isEmpty();
        assertThat(vm.prompt.get()).isEqualTo("the second one");
        vm.skip();
        vm.took(speech(1.2));
        vm.accept();

        assertThat(vm.prompt.get()).isEqualTo("All 3 prompts done.");
        assertThat(vm.progress.get()).isEqualTo("3 of 3 prompts, 0 min 3 s recorded (p.txt)");
        assertThat(vm.datasets).contains("my voice");
        List<Utterance> rows = utterances("my voice");
        assertThat(rows)
                .extracting(Utterance::transcript)
                .containsExactly("the first one", "the third one");
        assertThat(rows).extracting(Utterance::speaker).containsOnly("Ann");
        assertThat(rows).extracting(Utterance::split).containsOnly(Split.VAL);
        DatasetRecord d = catalog.read(c -> new DatasetRepository(c).require("my voice"));
        assertThat(Path.of(d.root())).isEqualTo(tmp.resolve("recordings/my_voice"));
        PcmAudio stored = AudioFiles.load(Path.of(d.root()).resolve(rows.get(0).audio()));
        assertThat(stored.durationSeconds()).isCloseTo(2.0, within(0.001));

        // The dataset's own transcripts as prompts: another speaker reads them again.
        vm.promptsFromDataset();
        assertThat(vm.prompt.get()).isEqualTo("the first one");
        assertThat(vm.progress.get()).startsWith("0 of 2 prompts");
    }

    @Test
    void silentTooShortAndClippedTakesSaySoAndSilenceIsNotKept() throws Exception {
        vm.openPrompts(tmp.resolve("p.txt"));
        vm.dataset.set("mine");

        vm.took(new PcmAudio(new float[16_000], 16_000));
        assertThat(vm.error.get()).startsWith("The take is silent");
        vm.accept();
        assertThat(vm.datasets).doesNotContain("mine");
        assertThat(vm.prompt.get()).isEqualTo("the first one");

        vm.took(speech(0.1));
        assertThat(vm.error.get()).startsWith("Too short to keep");
        assertThat(vm.clip.get()).isNull();

        float[] loud = speech(1.0).samples().clone();
        for (int i = 0; i < loud.length; i += 10) {
            loud[i] = 1f;
        }
        vm.took(new PcmAudio(loud, 16_000));
        assertThat(vm.error.get()).startsWith("The take clipped (10.0 % of samples at full scale)");
        vm.rerecord();
        assertThat(vm.clip.get()).isNull();
        assertThat(vm.error.get()).isEmpty();
    }

    @Test
    void badPromptsAndNoDatasetAreOneClearLine() throws Exception {
        Path empty = Files.writeString(tmp.resolve("empty.txt"), "\n");
        vm.openPrompts(empty);
        assertThat(vm.error.get()).contains("has no sentences");
        vm.pressed();
        assertThat(vm.error.get()).startsWith("Open a prompts file first");

        vm.openPrompts(tmp.resolve("p.txt"));
        vm.took(speech(1.0));
        vm.accept();
        assertThat(vm.error.get()).isEqualTo("Choose a dataset to record into, or type a new name");
        assertThat(vm.prompt.get()).isEqualTo("the first one");
    }

    private List<Utterance> utterances(String dataset) {
        return catalog.read(
                c -> {
                    DatasetRecord d = new DatasetRepository(c).require(dataset);
                    return new UtteranceRepository(c)
                            .of(d.id()).stream().map(StoredUtterance::utterance).toList();
                });
    }

    /** A voiced-sounding tone, loud enough to be speech to the checks, never clipping. */
    private static PcmAudio speech(double seconds) {
        float[] s = new float[(int) Math.round(16_000 * seconds)];
        for (int i = 0; i < s.length; i++) {
            s[i] = (float) (0.3 * Math.sin(2 * Math.PI * 180 * i / 16_000.0));
        }
        return new PcmAudio(s, 16_000);
    }
}
