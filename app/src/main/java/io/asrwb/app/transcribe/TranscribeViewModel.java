package io.asrwb.app.transcribe;

import io.asrwb.app.AppContext;
import io.asrwb.app.tasks.StartupGate;
import io.asrwb.app.tasks.TaskRunner;
import io.asrwb.engine.audio.PcmAudio;
import io.asrwb.engine.audio.io.MicrophoneCapture;
import io.asrwb.engine.store.Catalog;
import io.asrwb.engine.transcribe.Segment;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import javafx.application.Platform;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.beans.property.ReadOnlyLongProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.ObservableList;

/**
 * Transcribe tab: choose a model (demo model or any run's checkpoint, also of a running job),
 * transcribe a file of any length (segments appear as they are decoded; progress, cancel), or push
 * to talk — {@link #pressed()} starts the microphone, {@link #released()} stops it and transcribes
 * what was said. The pieces: {@link ModelPicker} (which model), {@link DecoderControls} (how to
 * decode), {@link ClipTranscription} and {@link FileTranscription} (the work, all through the
 * {@link TaskRunner} by way of {@link TranscribeTasks}), {@link PushToTalk} (the microphone) and
 * {@link TranscriptState} (what is shown).
 */
public final class TranscribeViewModel {

    private final DecoderControls decoding = new DecoderControls();
    private final TranscriptState state = new TranscriptState();
    private final TranscriberCache transcribers = new TranscriberCache();
    private final TranscribeTasks work;
    private final ClipTranscription clips;
    private final ModelPicker picker;
    private final FileTranscription files;
    private final PushToTalk talk;
    private final StreamingPartials partials;
    private final ModelKnowledge knowledge;

    /**
     * @param catalog where runs are listed (null: only the demo model and chosen folders)
     * @param ui runs property updates on the UI thread ({@code Platform::runLater}; tests: {@code
     *     Runnable::run})
     */
    public TranscribeViewModel(TaskRunner tasks, Catalog catalog, Executor ui) {
        this(tasks, catalog, ui, ModelWarmer.thread());
    }

    /**
     * @param background loads the chosen model ahead of use and runs push-to-talk's partial
     *     transcriptions, one task at a time (tests: {@code Runnable::run})
     */
    TranscribeViewModel(TaskRunner tasks, Catalog catalog, Executor ui, Executor background) {
        this.partials = new StreamingPartials(transcribers, decoding, state, ui, background);
        this.work = new TranscribeTasks(tasks);
        this.clips = new ClipTranscription(work, transcribers, decoding, state, this::chosenModel);
        // a kept clip's log-probabilities belong to the model it was transcribed with
        this.picker = new ModelPicker(catalog, decoding, state, clips::forget);
        this.files = new FileTranscription(work, transcribers, decoding, state, clips, ui);
        this.talk = new PushToTalk(state, ui, this::transcribeRecording, partials);
        this.knowledge = new ModelKnowledge(ui, background);
        // before the warm-up, on the same thread: a few small files, then the model's load
        picker.model.addListener(
                (obs, old, now) -> knowledge.show(now == null ? null : now.checkpoint()));
        picker.model.addListener(
                (obs, old, now) -> partials.warm(now == null ? null : now.checkpoint()));
        if (picker.model.get() != null) {
            knowledge.show(picker.model.get().checkpoint());
            partials.warm(picker.model.get().checkpoint());
        }
    }

    /**
     * The checkpoint whose model is loaded and has run once, in the background, since it was chosen
     * (null before): the first push-to-talk then costs no model load.
     */
    public ReadOnlyObjectProperty<Path> warmModelProperty() {
        return partials.warmModel;
    }

    /**
     * The app's view model: updates reach the FX thread through {@code Platform.runLater}; models
     * listed. The chosen model loads once {@code afterWindow} opens, not beside the first layout.
     */
    public static TranscribeViewModel forApp(AppContext ctx, StartupGate afterWindow) {
        TranscribeViewModel vm =
                new TranscribeViewModel(
                        ctx.tasks(),
                        ctx.catalog(),
                        Platform::runLater,
                        afterWindow.holding(ModelWarmer.thread()));
        vm.refreshModels();
        return vm;
    }

    /** Greedy or beam, language model, α, β, beam width: a change re-decodes the current clip. */
    public DecoderControls decoding() {
        return decoding;
    }

    public ObservableList<ModelChoice> models() {
        return picker.models;
    }

    /** The model transcriptions use; null until one is chosen or found. */
    public ObjectProperty<ModelChoice> modelProperty() {
        return picker.model;
    }

    /**
     * The chosen model's vocabulary in a line ({@code vocabulary: 61 words (from lm.arpa): again,
     * around, … and 53 more}), read off the FX thread; empty without a model.
     */
    public ReadOnlyStringProperty vocabularyLineProperty() {
        return knowledge.vocabulary.getReadOnlyProperty();
    }

    /** What the chosen model was trained on, in a line ({@code trained on: 16.8 h, …}). */
    public ReadOnlyStringProperty trainedOnLineProperty() {
        return knowledge.trainedOn.getReadOnlyProperty();
    }

    /** Every word the chosen model knows, sorted, narrowed by {@link #wordFilterProperty()}. */
    public ObservableList<String> vocabularyWords() {
        return knowledge.filteredWords;
    }

    /** Part of a word: {@link #vocabularyWords()} keeps the words holding it (any case). */
    public StringProperty wordFilterProperty() {
        return knowledge.wordFilter;
    }

    public ReadOnlyBooleanProperty recordingProperty() {
        return talk.recording;
    }

    public ReadOnlyBooleanProperty busyProperty() {
        return state.busy;
    }

    /** The microphone's level in dBFS while recording ({@link MicrophoneCapture#SILENCE_DBFS} otherwise). */
    public ReadOnlyDoubleProperty levelProperty() {
        return talk.level;
    }

    public ReadOnlyStringProperty transcriptProperty() {
        return state.transcript;
    }

    /** Milliseconds from the button's release (or the file's opening) to the text; -1 before the first. */
    public ReadOnlyLongProperty latencyMsProperty() {
        return state.latencyMs;
    }

    public ReadOnlyStringProperty statusProperty() {
        return state.status;
    }

    /** What went wrong, for the user; empty when all is well. */
    public ReadOnlyStringProperty errorProperty() {
        return state.error;
    }

    /**
     * Why push-to-talk cannot work here (no microphone, as in CI), in words for the view; empty
     * while a microphone is open or before the view was first shown.
     */
    public ReadOnlyStringProperty microphoneProperty() {
        return talk.microphone;
    }

    public ReadOnlyObjectProperty<LiveSpectrogramImage> spectrogramProperty() {
        return talk.spectrogram;
    }

    /** The last push-to-talk recording at 16 kHz; null before the first. */
    public ReadOnlyObjectProperty<PcmAudio> lastRecordingProperty() {
        return talk.lastRecording;
    }

    /**
     * The segments of the file being (or last) transcribed, in order, each added as soon as it is
     * decoded; a long file fills this while it runs.
     */
    public ObservableList<Segment> segments() {
        return state.segments;
    }

    /** Fraction of the file transcribed, 0..1; -1 when no file is being transcribed. */
    public ReadOnlyDoubleProperty progressProperty() {
        return state.progress;
    }

    /** Stops the file transcription in progress; what was decoded so far stays shown. */
    public void cancel() {
        if (state.busy.get()) {
            work.cancel();
            state.status.set("Cancelling…");
        }
    }

    /** Lists the demo model and every run's checkpoints again, keeping the choice when it is still there. */
    public void refreshModels() {
        picker.refresh();
    }

    /** Offers the checkpoints of a run folder (or one checkpoint folder) and picks its newest. */
    public void chooseFolder(Path folder) {
        picker.chooseFolder(folder);
    }

    /**
     * Transcribes an audio file (any format AudioFiles reads) of any length off the FX thread: streamed, in
     * windows, each segment shown as soon as it is decoded ({@link #segments()}, and the transcript
     * with {@code [hh:mm:ss]} stamps when there is more than one), with progress and {@link
     * #cancel()}. A file no longer than one window gives its text as before.
     */
    public void transcribeFile(Path file) {
        ModelChoice chosen = picker.ready();
        if (chosen != null) {
            files.transcribe(file, chosen);
        }
    }

    /**
     * Opens the microphone ahead of the first press (the view calls this while it is shown), so a
     * recording starts at once with a short pre-roll; without a microphone it stays quiet, and
     * {@link #pressed()} says so.
     */
    public void armMicrophone() {
        talk.arm();
    }

    /** Gives the microphone back (the view is hidden); a recording in progress ends first. */
    public void disarmMicrophone() {
        talk.disarm();
    }

    /** Push-to-talk pressed: starts recording, or says why it cannot. */
    public void pressed() {
        talk.pressed();
    }

    /** Push-to-talk released: stops recording and transcribes it. */
    public void released() {
        talk.released();
    }

    /** How many times the chosen model has run on audio (a test's view of the cost of a slider move). */
    long forwardPasses() {
        return transcribers.forwardPasses();
    }

    long forwardPassesForTest() {
        return transcribers.forwardPasses();
    }

    /** Whether the language model the decoder bar names now has been read already. */
    boolean languageModelReadForTest() {
        return decoding.holds(decoding.snapshot().languageModel());
    }

    /** How many times a model was read from disk. */
    int loadsForTest() {
        return transcribers.loads();
    }

    private ModelChoice chosenModel() {
        return picker.model.get();
    }

    private void transcribeRecording(PcmAudio audio, long stoppedNanos) {
        ModelChoice chosen = picker.ready();
        if (chosen == null) {
            return;
        }
        String what = String.format(Locale.ROOT, "%.1f s recording", audio.durationSeconds());
        CompletableFuture<Optional<ClipTranscription.Heard>> streamed = partials.finish();
        clips.run(
                "Transcribing the recording",
                chosen,
                stoppedNanos,
                what,
                t ->
                        streamed.join()
                                .orElseGet(
                                        () ->
                                                ClipTranscription.Heard.acoustic(
                                                        t.logProbabilities(audio))));
    }
}
