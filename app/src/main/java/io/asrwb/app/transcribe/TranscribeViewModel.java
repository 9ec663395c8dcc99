package io.asrwb.app.transcribe;

import io.asrwb.app.AppContext;
import io.asrwb.app.tasks.TaskCallbacks;
import io.asrwb.app.tasks.TaskRunner;
import io.asrwb.engine.audio.AudioFileException;
import io.asrwb.engine.audio.AudioFiles;
import io.asrwb.engine.audio.AudioInfo;
import io.asrwb.engine.audio.PcmAudio;
import io.asrwb.engine.audio.io.MicrophoneCapture;
import io.asrwb.engine.audio.io.NoAudioDeviceException;
import io.asrwb.engine.store.Catalog;
import io.asrwb.engine.train.ModelDecoding;
import io.asrwb.engine.train.TrainedModel;
import io.asrwb.engine.train.Transcriber;
import io.asrwb.engine.transcribe.LongAudioTranscriber;
import io.asrwb.engine.transcribe.LongTranscript;
import io.asrwb.engine.transcribe.Segment;
import io.asrwb.engine.transcribe.TranscriptionSink;
import io.asrwb.engine.transcribe.Windowing;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import javafx.application.Platform;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.DoubleProperty;
import javafx.beans.property.LongProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.beans.property.ReadOnlyLongProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleDoubleProperty;
import javafx.beans.property.SimpleLongProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Transcribe tab: choose a model (demo model or any run's checkpoint, also of a running job),
 * transcribe a file of any length (segments appear as they are decoded; progress, cancel), or push to talk — {@link #pressed()} starts the microphone, {@link
 * #released()} stops it and transcribes what was said. Model loading and decoding run through the
 * {@link TaskRunner}; microphone chunks arrive on the capture thread and reach the properties
 * through {@code ui}, coalesced so at most one update is queued at a time.
 */
public final class TranscribeViewModel {

    /** Recordings shorter than this are treated as a slip of the finger. */
    static final double MIN_SECONDS = 0.1;

    private static final Logger LOG = LoggerFactory.getLogger(TranscribeViewModel.class);

    private final TaskRunner tasks;
    private final Catalog catalog;
    private final Executor ui;
    private final ObservableList<ModelChoice> models = FXCollections.observableArrayList();
    private final ObjectProperty<ModelChoice> model = new SimpleObjectProperty<>(this, "model");
    private final BooleanProperty recording = new SimpleBooleanProperty(this, "recording");
    private final BooleanProperty busy = new SimpleBooleanProperty(this, "busy");
    private final DoubleProperty level =
            new SimpleDoubleProperty(this, "level", MicrophoneCapture.SILENCE_DBFS);
    private final StringProperty transcript = new SimpleStringProperty(this, "transcript", "");
    private final LongProperty latencyMs = new SimpleLongProperty(this, "latencyMs", -1);
    private final StringProperty status = new SimpleStringProperty(this, "status", "");
    private final StringProperty error = new SimpleStringProperty(this, "error", "");
    private final StringProperty microphone = new SimpleStringProperty(this, "microphone", "");
    private final ObjectProperty<LiveSpectrogramImage> spectrogram =
            new SimpleObjectProperty<>(this, "spectrogram");
    private final ObjectProperty<PcmAudio> lastRecording =
            new SimpleObjectProperty<>(this, "lastRecording");
    private final ObservableList<Segment> segments = FXCollections.observableArrayList();
    private final DoubleProperty progress = new SimpleDoubleProperty(this, "progress", -1);

    /** Set by {@link #cancel()}; the transcription stops before its next forward pass. */
    private final AtomicBoolean cancelRequested = new AtomicBoolean();

    private final LiveSpectrogram live = new LiveSpectrogram();
    private final AtomicBoolean uiUpdateQueued = new AtomicBoolean();
    private volatile double latestLevel = MicrophoneCapture.SILENCE_DBFS;
    private final Object modelLock = new Object();
    private LoadedModel loaded; // guarded by modelLock
    private final DecoderControls decoding = new DecoderControls();
    private Clip kept; // the last clip's log-probabilities (FX thread), for re-decoding
    private boolean redecodePending; // a setting moved while busy (FX thread)
    private MicrophoneCapture armed; // open line kept while the view is shown
    private MicrophoneCapture capture; // the line of the recording in progress

    /**
     * @param catalog where runs are listed (null: only the demo model and chosen folders)
     * @param ui      runs property updates on the UI thread ({@code Platform::runLater}; tests: {@code Runnable::run})
     */
    public TranscribeViewModel(TaskRunner tasks, Catalog catalog, Executor ui) {
        this.tasks = tasks;
        this.catalog = catalog;
        this.ui = ui;
        spectrogram.set(live.snapshot());
        decoding.onChange(this::redecode);
        model.addListener(
                (o, a, b) -> {
                    kept = null; // its log-probabilities belong to the old model
                    adoptDecodingOf(b);
                });
    }

    /** The app's view model: updates reach the FX thread through {@code Platform.runLater}; models listed. */
    public static TranscribeViewModel forApp(AppContext ctx) {
        TranscribeViewModel vm =
                new TranscribeViewModel(ctx.tasks(), ctx.catalog(), Platform::runLater);
        vm.refreshModels();
        return vm;
    }

    /** Greedy or beam, language model, α, β, beam width: a change re-decodes the current clip. */
    public DecoderControls decoding() {
        return decoding;
    }

    public ObservableList<ModelChoice> models() {
        return models;
    }

    /** The model transcriptions use; null until one is chosen or found. */
    public ObjectProperty<ModelChoice> modelProperty() {
        return model;
    }

    public ReadOnlyBooleanProperty recordingProperty() {
        return recording;
    }

    public ReadOnlyBooleanProperty busyProperty() {
        return busy;
    }

    /** The microphone's level in dBFS while recording ({@link MicrophoneCapture#SILENCE_DBFS} otherwise). */
    public ReadOnlyDoubleProperty levelProperty() {
        return level;
    }

    public ReadOnlyStringProperty transcriptProperty() {
        return transcript;
    }

    /** Milliseconds from the button's release (or the file's opening) to the text; -1 before the first. */
    public ReadOnlyLongProperty latencyMsProperty() {
        return latencyMs;
    }

    public ReadOnlyStringProperty statusProperty() {
        return status;
    }

    /** What went wrong, for the user; empty when all is well. */
    public ReadOnlyStringProperty errorProperty() {
        return error;
    }

    /**
     * Why push-to-talk cannot work here (no microphone, as in CI), in words for the view; empty
     * while a microphone is open or before the view was first shown.
     */
    public ReadOnlyStringProperty microphoneProperty() {
        return microphone;
    }

    public ReadOnlyObjectProperty<LiveSpectrogramImage> spectrogramProperty() {
        return spectrogram;
    }

    /** The last push-to-talk recording at 16 kHz; null before the first. */
    public ReadOnlyObjectProperty<PcmAudio> lastRecordingProperty() {
        return lastRecording;
    }

    /**
     * The segments of the file being (or last) transcribed, in order, each added as soon as it is
     * decoded; a long file fills this while it runs.
     */
    public ObservableList<Segment> segments() {
        return segments;
    }

    /** Fraction of the file transcribed, 0..1; -1 when no file is being transcribed. */
    public ReadOnlyDoubleProperty progressProperty() {
        return progress;
    }

    /** Stops the file transcription in progress; what was decoded so far stays shown. */
    public void cancel() {
        if (busy.get()) {
            cancelRequested.set(true);
            status.set("Cancelling…");
        }
    }

    /** Lists the demo model and every run's checkpoints again, keeping the choice when it is still there. */
    public void refreshModels() {
        List<ModelChoice> found = new ArrayList<>();
        ModelChoices.demoModel().ifPresent(found::add);
        try {
            found.addAll(ModelChoices.ofRuns(catalog));
        } catch (RuntimeException e) {
            LOG.warn("cannot list runs: {}", e.toString());
            error.set("Cannot list the runs in the catalog: " + e.getMessage());
        }
        for (ModelChoice chosen : models) {
            if (!found.contains(chosen) && !chosen.label().equals("Demo model")) {
                found.add(chosen); // folders the user chose stay on offer
            }
        }
        ModelChoice previous = model.get();
        models.setAll(found);
        if (previous == null || !found.contains(previous)) {
            model.set(found.isEmpty() ? null : found.get(0));
        }
        if (found.isEmpty()) {
            status.set("No model yet: train one, or choose a run or checkpoint folder");
        }
    }

    /** The chosen model's own decoding (its shipped LM and α/β) into the controls; a tiny file read. */
    private void adoptDecodingOf(ModelChoice chosen) {
        try {
            decoding.adopt(
                    chosen == null ? Optional.empty() : ModelDecoding.shipped(chosen.checkpoint()));
        } catch (IOException e) {
            error.set(e.getMessage());
        }
    }

    /** Offers the checkpoints of a run folder (or one checkpoint folder) and picks its newest. */
    public void chooseFolder(Path folder) {
        List<ModelChoice> found;
        try {
            Path checkpoint = TrainedModel.locate(folder).directory();
            found = ModelChoices.ofRunDirectory(folder, false);
            if (found.isEmpty()) {
                found =
                        List.of(
                                new ModelChoice(
                                        folder.getFileName() + " (checkpoint)", checkpoint));
            }
        } catch (IOException e) {
            error.set(folder + ": " + e.getMessage());
            return;
        }
        for (ModelChoice c : found) {
            if (!models.contains(c)) {
                models.add(c);
            }
        }
        error.set(""); // before the choice: choosing may report the model's decoding as broken
        model.set(found.get(0));
    }

    /**
     * Transcribes an audio file (wav, flac, mp3) of any length off the FX thread: streamed, in
     * windows, each segment shown as soon as it is decoded ({@link #segments()}, and the transcript
     * with {@code [hh:mm:ss]} stamps when there is more than one), with progress and {@link
     * #cancel()}. A file no longer than one window gives its text as before.
     */
    public void transcribeFile(Path file) {
        ModelChoice chosen = readyModel();
        if (chosen == null) {
            return;
        }
        long started = System.nanoTime();
        String name = file.getFileName().toString();
        segments.clear();
        if (!longerThanWhole(file)) {
            // kept log-probabilities: a decoder setting moved later re-decodes without a forward
            // pass
            run("Transcribing " + name, chosen, started, name, t -> t.logProbabilities(file));
            return;
        }
        DecoderControls.Snapshot settings = decoding.snapshot();
        kept = null; // the sliders cannot re-decode a long file: it is not kept
        transcript.set("");
        progress.set(0);
        cancelRequested.set(false);
        busy.set(true);
        error.set("");
        status.set("Transcribing " + name + "…");
        tasks.run(
                "Transcribing " + name,
                ctx -> {
                    LongAudioTranscriber anyLength =
                            new LongAudioTranscriber(
                                    decoding.configured(
                                            transcriberFor(chosen.checkpoint()), settings));
                    return anyLength.transcribe(
                            file,
                            new TranscriptionSink() {
                                @Override
                                public void segment(Segment s) {
                                    ui.execute(() -> showSegment(s));
                                }

                                @Override
                                public void progress(double done, double total) {
                                    if (total > 0) {
                                        ctx.progress(
                                                Math.round(done * 10),
                                                Math.round(total * 10),
                                                name);
                                    }
                                }

                                @Override
                                public boolean cancelled() {
                                    return cancelRequested.get() || ctx.isCancelled();
                                }
                            });
                },
                TaskCallbacks.<LongTranscript>of(
                                result -> {
                                    long ms =
                                            TimeUnit.NANOSECONDS.toMillis(
                                                    System.nanoTime() - started);
                                    busy.set(false);
                                    progress.set(-1);
                                    segments.setAll(result.segments());
                                    transcript.set(
                                            result.windows() > 1
                                                    ? stamped(result.segments())
                                                    : result.text());
                                    latencyMs.set(ms);
                                    status.set(
                                            name
                                                    + " · "
                                                    + chosen.label()
                                                    + " · "
                                                    + settings.describe()
                                                    + " · "
                                                    + ms
                                                    + " ms");
                                },
                                failure -> {
                                    busy.set(false);
                                    progress.set(-1);
                                    LOG.warn("transcription failed", failure);
                                    error.set(
                                            failure.getMessage() == null
                                                    ? failure.toString()
                                                    : failure.getMessage());
                                    status.set("");
                                })
                        .whenCancelled(
                                () -> {
                                    busy.set(false);
                                    progress.set(-1);
                                    status.set(
                                            "Cancelled: "
                                                    + segments.size()
                                                    + " segment(s) of "
                                                    + name
                                                    + " shown");
                                })
                        .withProgress(
                                (fraction, message) -> {
                                    if (busy.get() && fraction >= 0) {
                                        progress.set(fraction);
                                    }
                                }));
    }

    /**
     * Whether {@code file} is longer than what is transcribed whole (as its header says, or
     * estimates): such a file goes through windows, with segments, progress and cancel.
     */
    private static boolean longerThanWhole(Path file) {
        try {
            AudioInfo info = AudioFiles.probe(file);
            return info.durationSeconds() > Windowing.DEFAULT.wholeSeconds();
        } catch (AudioFileException e) {
            return false; // the short path reports the problem the usual way
        }
    }

    /** A decoded segment reaches the UI: listed, and the transcript grows by its stamped line. */
    private void showSegment(Segment s) {
        if (!busy.get()) {
            return; // a late update of a cancelled run
        }
        segments.add(s);
        transcript.set(stamped(segments));
    }

    private static String stamped(List<Segment> segments) {
        StringBuilder b = new StringBuilder();
        for (Segment s : segments) {
            b.append(b.length() == 0 ? "" : "\n")
                    .append('[')
                    .append(s.clock())
                    .append("] ")
                    .append(s.text());
        }
        return b.toString();
    }

    /**
     * Opens the microphone ahead of the first press (the view calls this while it is shown), so a
     * recording starts at once with a short pre-roll; without a microphone it stays quiet, and
     * {@link #pressed()} says so.
     */
    public void armMicrophone() {
        if (armed != null) {
            return;
        }
        try {
            armed = MicrophoneCapture.open(this::onChunk);
            microphone.set("");
        } catch (NoAudioDeviceException e) {
            LOG.info("microphone not armed: {}", e.getMessage());
            microphone.set(noMicrophone(e));
        }
    }

    /** Gives the microphone back (the view is hidden); a recording in progress ends first. */
    public void disarmMicrophone() {
        released();
        if (armed != null) {
            armed.close();
            armed = null;
        }
    }

    /** Push-to-talk pressed: starts recording, or says why it cannot. */
    public void pressed() {
        if (recording.get()) {
            return;
        }
        live.clear();
        spectrogram.set(live.snapshot());
        try {
            if (armed != null) {
                armed.begin();
                capture = armed;
            } else {
                capture = MicrophoneCapture.start(this::onChunk);
            }
        } catch (NoAudioDeviceException e) {
            LOG.info("no microphone: {}", e.getMessage());
            error.set(e.getMessage());
            microphone.set(noMicrophone(e));
            status.set("");
            return;
        }
        error.set("");
        status.set("Recording… release to transcribe");
        recording.set(true);
    }

    /** Push-to-talk released: stops recording and transcribes it. */
    public void released() {
        if (!recording.get()) {
            return;
        }
        PcmAudio audio = capture == armed ? capture.end() : capture.stop();
        long stopped = System.nanoTime();
        capture = null;
        recording.set(false);
        level.set(MicrophoneCapture.SILENCE_DBFS);
        lastRecording.set(audio);
        if (audio.durationSeconds() < MIN_SECONDS) {
            status.set("Nothing recorded: hold the button (or the space bar) while you speak");
            return;
        }
        ModelChoice chosen = readyModel();
        if (chosen == null) {
            return;
        }
        String what = String.format("%.1f s recording", audio.durationSeconds());
        run("Transcribing the recording", chosen, stopped, what, t -> t.logProbabilities(audio));
    }

    private static String noMicrophone(NoAudioDeviceException e) {
        return e.getMessage()
                + " — push-to-talk is off; drop or open an audio file to transcribe it.";
    }

    private ModelChoice readyModel() {
        ModelChoice chosen = model.get();
        if (chosen == null) {
            error.set("Choose a model first: train one, or pick a run or checkpoint folder");
            return null;
        }
        if (busy.get()) {
            status.set("Still transcribing; try again in a moment");
            return null;
        }
        return chosen;
    }

    /** The acoustic model's part of a transcription: audio to log-probabilities. */
    private interface AcousticPass {
        float[][] of(Transcriber transcriber) throws Exception;
    }

    private void run(
            String title, ModelChoice chosen, long startedNanos, String what, AcousticPass work) {
        busy.set(true);
        error.set("");
        status.set(title + "…");
        DecoderControls.Snapshot settings = decoding.snapshot();
        tasks.run(
                title,
                ctx -> {
                    Transcriber transcriber = transcriberFor(chosen.checkpoint());
                    float[][] logProbabilities = work.of(transcriber);
                    return new Decoded(
                            new Clip(chosen.checkpoint(), logProbabilities),
                            decoding.decode(transcriber, logProbabilities, settings));
                },
                TaskCallbacks.<Decoded>of(
                                done -> {
                                    long ms =
                                            TimeUnit.NANOSECONDS.toMillis(
                                                    System.nanoTime() - startedNanos);
                                    kept = chosen.equals(model.get()) ? done.clip() : null;
                                    transcript.set(done.text());
                                    latencyMs.set(ms);
                                    status.set(
                                            what
                                                    + " · "
                                                    + chosen.label()
                                                    + " · "
                                                    + settings.describe()
                                                    + " · "
                                                    + ms
                                                    + " ms");
                                    finished();
                                },
                                this::failed)
                        .whenCancelled(this::cancelled));
    }

    /**
     * Decodes the kept clip again with the settings now: costs a search, not a forward pass. A
     * change while busy is remembered and decoded when the work in hand is done.
     */
    private void redecode() {
        Clip clip = kept;
        if (clip == null) {
            return;
        }
        if (busy.get()) {
            redecodePending = true;
            return;
        }
        busy.set(true);
        error.set("");
        DecoderControls.Snapshot settings = decoding.snapshot();
        long started = System.nanoTime();
        tasks.run(
                "Decoding again",
                ctx ->
                        decoding.decode(
                                transcriberFor(clip.checkpoint()),
                                clip.logProbabilities(),
                                settings),
                TaskCallbacks.<String>of(
                                text -> {
                                    long ms =
                                            TimeUnit.NANOSECONDS.toMillis(
                                                    System.nanoTime() - started);
                                    if (clip == kept) {
                                        transcript.set(text);
                                        status.set(
                                                "Decoded again · "
                                                        + settings.describe()
                                                        + " · "
                                                        + ms
                                                        + " ms (no forward pass)");
                                    }
                                    finished();
                                },
                                this::failed)
                        .whenCancelled(this::cancelled));
    }

    private void finished() {
        busy.set(false);
        if (redecodePending) {
            redecodePending = false;
            redecode();
        }
    }

    private void failed(Throwable failure) {
        busy.set(false);
        redecodePending = false;
        LOG.warn("transcription failed", failure);
        error.set(failure.getMessage() == null ? failure.toString() : failure.getMessage());
        status.set("");
    }

    private void cancelled() {
        busy.set(false);
        redecodePending = false;
        status.set("Cancelled");
    }

    /** How many times the chosen model has run on audio (a test's view of the cost of a slider move). */
    long forwardPasses() {
        synchronized (modelLock) {
            return loaded == null ? 0 : loaded.transcriber().forwardPasses();
        }
    }

    /** The transcriber of {@code checkpoint}, loaded once and kept while it stays chosen. */
    private Transcriber transcriberFor(Path checkpoint) throws IOException {
        synchronized (modelLock) {
            if (loaded == null || !loaded.checkpoint().equals(checkpoint)) {
                loaded =
                        new LoadedModel(
                                checkpoint, Transcriber.greedy(TrainedModel.load(checkpoint)));
            }
            return loaded.transcriber();
        }
    }

    /** Capture thread: keep the newest values and queue one UI update if none is waiting. */
    private void onChunk(float[] samples, int sampleRate, double dbfs) {
        live.add(samples, sampleRate);
        latestLevel = dbfs;
        if (uiUpdateQueued.compareAndSet(false, true)) {
            ui.execute(
                    () -> {
                        uiUpdateQueued.set(false);
                        if (recording.get()) {
                            level.set(latestLevel);
                            spectrogram.set(live.snapshot());
                        }
                    });
        }
    }

    private record LoadedModel(Path checkpoint, Transcriber transcriber) {}

    /** A clip's log-probabilities under the model of {@code checkpoint}. */
    private record Clip(Path checkpoint, float[][] logProbabilities) {}

    private record Decoded(Clip clip, String text) {}
}
