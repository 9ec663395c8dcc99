package io.asrwb.app.segment;

import io.asrwb.app.AppContext;
import io.asrwb.app.tasks.ProgressEta;
import io.asrwb.app.tasks.TaskHandlers;
import io.asrwb.app.tasks.TaskState;
import io.asrwb.engine.data.Split;
import io.asrwb.engine.inference.ModelDecoding;
import io.asrwb.engine.inference.TrainedModel;
import io.asrwb.engine.inference.Transcriber;
import io.asrwb.engine.segment.LongRecordingImport;
import io.asrwb.engine.segment.SegmentListener;
import io.asrwb.engine.segment.SegmentOptions;
import io.asrwb.engine.store.AppDirs;
import java.nio.file.Path;
import java.util.Locale;
import java.util.function.Consumer;
import javafx.beans.property.DoubleProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.SimpleDoubleProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The long-recording import: the recording, an optional transcript, the model, the longest
 * utterance and the dataset, run through the engine's {@link LongRecordingImport} on the task
 * runner with progress (per stage, the seconds of the recording done), an ETA and cancel; the
 * rejected stretches listed when it is done.
 */
public final class LongRecordingViewModel {

    private final AppContext ctx;
    private final ObjectProperty<Path> recording = new SimpleObjectProperty<>();
    private final ObjectProperty<Path> transcript = new SimpleObjectProperty<>();
    private final ObjectProperty<Path> model = new SimpleObjectProperty<>();
    private final DoubleProperty maxSeconds =
            new SimpleDoubleProperty(SegmentOptions.DEFAULT_MAX_SECONDS);
    private final StringProperty dataset = new SimpleStringProperty("");
    private final TaskState task = new TaskState();
    private final ObservableList<String> rejected = FXCollections.observableArrayList();
    private Consumer<String> onImported = name -> {};
    private Path out;

    public LongRecordingViewModel(AppContext ctx) {
        this.ctx = ctx;
    }

    /** Told the dataset's name after a successful import (the Datasets view reloads). */
    public void setOnImported(Consumer<String> onImported) {
        this.onImported = onImported;
    }

    /** Where the segments' folders go; default {@code segments/DATASET} in the data dir. */
    public void setOut(Path out) {
        this.out = out;
    }

    /** Cuts and imports; the status says what came of it. */
    public void start() {
        Path file = recording.get();
        String name = dataset.get() == null ? "" : dataset.get().trim();
        if (file == null || model.get() == null || name.isEmpty()) {
            task.setStatus("Choose a recording, a model and a dataset first");
            return;
        }
        SegmentOptions options;
        try {
            options =
                    new SegmentOptions(
                            maxSeconds.get(),
                            SegmentOptions.DEFAULT_MIN_CONFIDENCE,
                            Split.TRAIN,
                            "");
        } catch (IllegalArgumentException e) {
            task.setStatus(e.getMessage());
            return;
        }
        Path folder =
                out != null ? out : AppDirs.ofSystem().dataDir().resolve("segments").resolve(name);
        LongRecordingImport.Request request =
                new LongRecordingImport.Request(file, transcript.get(), name, folder, options);
        Path checkpoint = model.get();
        rejected.clear();
        ProgressEta eta = ProgressEta.startingNow();
        task.run(
                ctx.tasks(),
                "Import long recording " + file.getFileName(),
                "Importing " + file.getFileName() + "…",
                context -> {
                    TrainedModel trained = TrainedModel.load(checkpoint);
                    Transcriber transcriber = ModelDecoding.of(trained).transcriber(trained);
                    SegmentListener listener =
                            new SegmentListener() {
                                @Override
                                public void progress(String stage, double done, double total) {
                                    // two passes over the file: each is half
                                    boolean second = stage.equals("writing");
                                    double f =
                                            total > 0 ? ((second ? 1 : 0) + done / total) / 2 : 0;
                                    context.progress(
                                            Math.round(f * 1000), 1000, stage + eta.suffix(f));
                                }

                                @Override
                                public boolean cancelled() {
                                    return context.isCancelled();
                                }
                            };
                    return new LongRecordingImport(
                                    ctx.catalog(), transcriber, checkpoint.toString(), ctx.clock())
                            .run(request, listener);
                },
                TaskHandlers.<LongRecordingImport.Result>of(this::done, "Import")
                        .whenCancelled(() -> "Cancelled; nothing was imported")
                        .withMessages());
    }

    private void done(LongRecordingImport.Result r) {
        r.rejected().forEach(s -> rejected.add(s.describe()));
        task.setStatus(
                String.format(
                        Locale.ROOT,
                        "%s %d utterances%s %s '%s', %d stretches rejected",
                        r.appended() ? "Appended" : "Imported",
                        r.segments(),
                        r.draft() ? " (draft labels, flagged for review)" : "",
                        r.appended() ? "to" : "into",
                        r.dataset(),
                        r.rejected().size()));
        onImported.accept(r.dataset());
    }

    /** Stops between two windows or segments; nothing is kept. */
    public void cancel() {
        task.cancel();
    }

    public ObjectProperty<Path> recordingProperty() {
        return recording;
    }

    public ObjectProperty<Path> transcriptProperty() {
        return transcript;
    }

    public ObjectProperty<Path> modelProperty() {
        return model;
    }

    public DoubleProperty maxSecondsProperty() {
        return maxSeconds;
    }

    public StringProperty datasetProperty() {
        return dataset;
    }

    public ReadOnlyBooleanProperty busyProperty() {
        return task.busyProperty();
    }

    public ReadOnlyDoubleProperty progressProperty() {
        return task.progressProperty();
    }

    public ReadOnlyStringProperty statusProperty() {
        return task.statusProperty();
    }

    public ObservableList<String> rejected() {
        return rejected;
    }
}
