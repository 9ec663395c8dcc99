package io.asrwb.app.record;

import io.asrwb.app.AppContext;
import io.asrwb.app.tasks.TaskCallbacks;
import io.asrwb.engine.audio.PcmAudio;
import io.asrwb.engine.data.Split;
import io.asrwb.engine.data.curation.TextChecks;
import io.asrwb.engine.store.DatasetRecord;
import io.asrwb.engine.store.DatasetRepository;
import io.asrwb.engine.store.RecordedUtterances;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Executor;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleIntegerProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The Record tab: a prompt at a time, a take per hold of the key, kept (Enter) as an utterance of
 * the chosen dataset with the prompt as its transcript, or recorded again (R) or skipped (S). A
 * dataset name the catalog does not know yet is created, its folder under {@code recordingsRoot},
 * when the first take is kept.
 */
public final class RecordViewModel {

    final ObservableList<String> datasets = FXCollections.observableArrayList();
    final StringProperty dataset = new SimpleStringProperty(this, "dataset", "");
    final StringProperty speaker = new SimpleStringProperty(this, "speaker", "");
    final ObjectProperty<Split> split = new SimpleObjectProperty<>(this, "split", Split.TRAIN);
    final StringProperty prompt = new SimpleStringProperty(this, "prompt", "");
    final StringProperty progress = new SimpleStringProperty(this, "progress", "");
    final StringProperty message = new SimpleStringProperty(this, "message", "");
    final StringProperty error = new SimpleStringProperty(this, "error", "");
    final ObjectProperty<PcmAudio> clip = new SimpleObjectProperty<>(this, "clip");
    final BooleanProperty busy = new SimpleBooleanProperty(this, "busy");

    /** Takes kept since the tab opened: each one may make the dataset ready to fine-tune on. */
    final IntegerProperty kept = new SimpleIntegerProperty(this, "kept");

    private final AppContext ctx;
    private final Path recordingsRoot;
    private final ClipRecorder recorder;
    private final ClipPlayer player;
    private PromptList prompts;
    private int index;
    private double recordedSeconds;
    private ClipVerdict verdict;

    /**
     * @param ui where microphone levels are handed to ({@code Platform::runLater} in the app)
     * @param recordingsRoot the folder new datasets' folders are made in
     */
    public RecordViewModel(AppContext ctx, Executor ui, Path recordingsRoot) {
        this.ctx = ctx;
        this.recordingsRoot = recordingsRoot;
        this.recorder = new ClipRecorder(ui, this::took);
        this.player = new ClipPlayer(error);
        showPrompt();
        InterruptedRecordings.sweep(ctx, recordingsRoot, message::set, error::set);
    }

    public void refreshDatasets() {
        List<String> names =
                ctx.catalog().read(c -> new DatasetRepository(c).all()).stream()
                        .map(DatasetRecord::name)
                        .toList();
        String chosen = dataset.get();
        datasets.setAll(names);
        dataset.set(chosen); // an editable box clears its value when its items change
    }

    /** Reads the prompts file; a bad one leaves the prompts as they were and says why. */
    public void openPrompts(Path file) {
        try {
            usePrompts(PromptList.read(file));
        } catch (IllegalArgumentException e) {
            error.set(e.getMessage());
        }
    }

    /** The chosen dataset's own transcripts as the prompts (another speaker reads them again). */
    public void promptsFromDataset() {
        String name = datasetName();
        try {
            List<String> texts = DatasetTranscripts.of(ctx.catalog(), name);
            usePrompts(PromptList.ofTranscripts(name, texts));
        } catch (IllegalArgumentException e) {
            error.set(e.getMessage());
        }
    }

    private void usePrompts(PromptList list) {
        prompts = list;
        index = 0;
        recordedSeconds = 0;
        error.set("");
        clip.set(null);
        showPrompt();
    }

    void arm() {
        recorder.arm();
    }

    void disarm() {
        recorder.disarm();
    }

    /** The record key went down. */
    public void pressed() {
        if (busy.get() || recorder.recording.get()) {
            return;
        }
        if (prompts == null || index >= prompts.size()) {
            error.set(
                    prompts == null
                            ? "Open a prompts file first (File > Open prompts…), or use the"
                                    + " dataset's transcripts"
                            : "All prompts are done: open another prompts file");
            return;
        }
        player.stop();
        if (recorder.pressed()) {
            error.set("");
            message.set("Recording… release Space when the sentence is said");
        } else {
            error.set(recorder.problem.get());
        }
    }

    /** The record key came up. */
    public void released() {
        recorder.released();
    }

    /** A take ended (package-private: view-model tests hand in takes without a microphone). */
    void took(PcmAudio take) {
        verdict = ClipVerdict.of(take);
        clip.set(verdict.kind() == ClipVerdict.Kind.TOO_SHORT ? null : take);
        if (verdict.acceptable()) {
            message.set(verdict.message());
            error.set(verdict.kind() == ClipVerdict.Kind.CLIPPED ? verdict.message() : "");
        } else {
            error.set(verdict.message());
        }
    }

    public void play() {
        if (clip.get() != null) {
            player.play(clip.get());
        }
    }

    /** Drops the take, so the next hold records the prompt again. */
    public void rerecord() {
        player.stop();
        clip.set(null);
        error.set("");
        message.set("Hold Space to record the prompt again");
    }

    public void skip() {
        if (prompts != null && index < prompts.size() && !busy.get()) {
            next();
        }
    }

    /** Keeps the take as an utterance of the dataset (created if new), then the next prompt. */
    public void accept() {
        PcmAudio take = clip.get();
        String name = datasetName();
        if (busy.get() || take == null || prompts == null || index >= prompts.size()) {
            return;
        }
        if (!verdict.acceptable()) {
            error.set(verdict.message());
            return;
        }
        if (name.isEmpty()) {
            error.set("Choose a dataset to record into, or type a new name");
            return;
        }
        player.stop();
        String text = prompts.sentences().get(index);
        String who = speaker.get();
        Split where = split.get();
        RecordedUtterances store =
                new RecordedUtterances(ctx.catalog(), TextChecks.ENGLISH, ctx.clock());
        busy.set(true);
        ctx.tasks()
                .run(
                        "Keep the take",
                        c -> {
                            boolean exists =
                                    ctx.catalog()
                                            .read(x -> new DatasetRepository(x).byName(name))
                                            .isPresent();
                            if (!exists) {
                                store.create(name, recordingsRoot.resolve(folderOf(name)));
                            }
                            return store.add(name, take, text, who, where);
                        },
                        TaskCallbacks.<RecordedUtterances.Added>of(
                                added -> {
                                    busy.set(false);
                                    recordedSeconds += added.utterance().durationSeconds();
                                    kept.set(kept.get() + 1);
                                    if (!datasets.contains(name)) {
                                        refreshDatasets();
                                    }
                                    next();
                                    message.set("Kept as " + added.utterance().id());
                                },
                                failure -> {
                                    busy.set(false);
                                    error.set(failure.getMessage());
                                }));
    }

    private void next() {
        index++;
        clip.set(null);
        verdict = null;
        showPrompt();
    }

    private void showPrompt() {
        if (prompts == null) {
            prompt.set(
                    "Open a prompts file (File > Open prompts…) or use the dataset's transcripts");
            progress.set("");
            return;
        }
        prompt.set(
                index < prompts.size()
                        ? prompts.sentences().get(index)
                        : "All " + prompts.size() + " prompts done.");
        long s = Math.round(recordedSeconds);
        progress.set(
                String.format(
                        Locale.ROOT,
                        "%d of %d prompts, %d min %d s recorded (%s)",
                        index,
                        prompts.size(),
                        s / 60,
                        s % 60,
                        prompts.source()));
    }

    private String datasetName() {
        return dataset.get() == null ? "" : dataset.get().strip();
    }

    /** A dataset name as a folder name. */
    static String folderOf(String name) {
        String f = name.replaceAll("[^\\p{Alnum}_-]+", "_");
        return f.isEmpty() ? "recorded" : f;
    }

    public ReadOnlyBooleanProperty recordingProperty() {
        return recorder.recording;
    }

    public ReadOnlyDoubleProperty levelProperty() {
        return recorder.level;
    }

    public StringProperty datasetProperty() {
        return dataset;
    }

    void close() {
        recorder.disarm();
        player.close();
    }
}
