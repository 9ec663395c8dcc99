package io.asrwb.app.curve;

import io.asrwb.app.AppContext;
import io.asrwb.app.tasks.TaskCallbacks;
import io.asrwb.app.tasks.TaskContext;
import io.asrwb.engine.config.ConfigException;
import io.asrwb.engine.config.Presets;
import io.asrwb.engine.config.RunConfig;
import io.asrwb.engine.config.RunConfigYaml;
import io.asrwb.engine.curve.CurveListener;
import io.asrwb.engine.curve.CurvePlot;
import io.asrwb.engine.curve.CurvePoint;
import io.asrwb.engine.curve.CurveRequest;
import io.asrwb.engine.curve.CurveState;
import io.asrwb.engine.curve.Extrapolation;
import io.asrwb.engine.curve.Fractions;
import io.asrwb.engine.curve.LearningCurve;
import io.asrwb.engine.data.curation.SplitRequest.By;
import io.asrwb.engine.events.TrainingEvent;
import io.asrwb.engine.events.TrainingEvent.StepCompleted;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.OptionalDouble;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.DoubleProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleDoubleProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * A learning curve in the app: {@link #load()} shows the points of a curve folder (the CLI's or
 * this view's), {@link #start()} runs or continues one off the FX thread with progress, and
 * {@link #cancel()} stops it at the next training step (a later start resumes it there).
 */
public final class LearningCurveViewModel {

    private final AppContext ctx;
    private final StringProperty dataset = new SimpleStringProperty("demo");
    private final StringProperty config = new SimpleStringProperty("tiny");
    private final StringProperty fractions = new SimpleStringProperty("0.1,0.25,0.5,1");
    private final BooleanProperty bySpeaker = new SimpleBooleanProperty();
    private final ObjectProperty<Path> folder = new SimpleObjectProperty<>();
    private final ObservableList<CurvePoint> points = FXCollections.observableArrayList();
    private final ObjectProperty<Extrapolation> extrapolation = new SimpleObjectProperty<>();
    private final StringProperty summary = new SimpleStringProperty("");
    private final BooleanProperty busy = new SimpleBooleanProperty();
    private final DoubleProperty progress = new SimpleDoubleProperty();
    private final StringProperty status = new SimpleStringProperty("");
    private volatile LearningCurve running;

    public LearningCurveViewModel(AppContext ctx) {
        this.ctx = ctx;
    }

    /** Shows the curve in {@link #folderProperty()}: its points and what they extrapolate to. */
    public void load() {
        Path dir = folder.get();
        if (dir == null || !Files.isRegularFile(dir.resolve(CurveState.FILE))) {
            status.set("Choose a learning-curve folder (it holds " + CurveState.FILE + ")");
            return;
        }
        try {
            show(CurveState.read(dir));
        } catch (IOException e) {
            status.set("Cannot read the curve: " + e.getMessage());
        }
    }

    /** Runs the curve in {@link #folderProperty()}, continuing it when the folder holds one. */
    public void start() {
        Path dir = folder.get();
        if (dir == null || dataset.get() == null || dataset.get().isBlank()) {
            status.set("Choose a dataset and a folder for the curve first");
            return;
        }
        CurveRequest request;
        try {
            request =
                    new CurveRequest(
                            dataset.get().strip(),
                            recipe(config.get()),
                            Fractions.parse(fractions.get()),
                            bySpeaker.get() ? By.SPEAKER : By.UTTERANCE,
                            1);
        } catch (RuntimeException | ConfigException | IOException e) {
            status.set(e.getMessage());
            return;
        }
        busy.set(true);
        progress.set(0);
        status.set("Learning curve on " + request.dataset() + "…");
        ctx.tasks()
                .run(
                        "Learning curve on " + request.dataset(),
                        context -> {
                            LearningCurve curve =
                                    new LearningCurve(
                                            ctx.catalog(),
                                            request,
                                            dir,
                                            new Progress(
                                                    context, request.recipe().train().maxSteps()));
                            running = curve;
                            CurveState state = curve.run();
                            CurvePlot.write(state, dir);
                            return state;
                        },
                        TaskCallbacks.<CurveState>of(
                                        state -> {
                                            running = null;
                                            show(state);
                                            busy.set(false);
                                        },
                                        e -> {
                                            running = null;
                                            busy.set(false);
                                            status.set("Learning curve failed: " + e.getMessage());
                                        })
                                .withProgress(
                                        (p, m) -> {
                                            progress.set(p);
                                            if (m != null && !m.isBlank()) {
                                                status.set(m);
                                            }
                                        }));
    }

    /** Stops the training at its next step; the finished points stay, Start continues. */
    public void cancel() {
        LearningCurve curve = running;
        if (curve != null) {
            curve.stop();
        }
    }

    private static RunConfig recipe(String name) throws ConfigException, IOException {
        Path file = Path.of(name);
        if (!Files.exists(file) && Presets.NAMES.contains(name)) {
            return Presets.load(name);
        }
        return RunConfigYaml.standard().loadValidated(file);
    }

    private void show(CurveState state) {
        points.setAll(state.points());
        Extrapolation e = Extrapolation.of(state.measured());
        extrapolation.set(e);
        summary.set(e.text());
        int done = state.done().size();
        status.set(
                done
                        + " of "
                        + state.points().size()
                        + " points measured on "
                        + state.dataset()
                        + "/"
                        + state.evalSplit()
                        + (done < state.points().size() ? " — Start continues the curve" : ""));
    }

    /** The engine's progress as the task's: points done plus the current one's share of steps. */
    private static final class Progress implements CurveListener {
        private final TaskContext context;
        private final long stepsPerPoint;
        private volatile int index;
        private volatile int count = 1;
        private volatile String eta = "";

        /** @param stepsPerPoint the recipe's step limit; 0 when its epochs decide */
        Progress(TaskContext context, long stepsPerPoint) {
            this.context = context;
            this.stepsPerPoint = stepsPerPoint;
        }

        @Override
        public void note(String line) {}

        @Override
        public void pointStarted(CurveState state, int i) {
            index = i;
            count = state.points().size();
            context.progress(i, count, message(state.points().get(i)));
        }

        @Override
        public void training(TrainingEvent event) {
            if (event instanceof StepCompleted s && stepsPerPoint > 0) {
                long of = stepsPerPoint * count;
                context.progress(
                        index * stepsPerPoint + Math.min(stepsPerPoint, s.step()), of, message(s));
            }
        }

        @Override
        public void pointDone(CurveState state, int i, OptionalDouble etaSeconds) {
            eta =
                    etaSeconds.isPresent()
                            ? ", ETA "
                                    + io.asrwb.engine.curve.CurveEta.format(
                                            etaSeconds.getAsDouble())
                            : "";
            context.progress(i + 1, count, "point " + (i + 1) + " done" + eta);
        }

        private String message(StepCompleted s) {
            return "point " + (index + 1) + "/" + count + ": step " + s.step() + eta;
        }

        private String message(CurvePoint p) {
            return "point "
                    + (index + 1)
                    + "/"
                    + count
                    + ": "
                    + Fractions.format(p.fraction())
                    + " of the data"
                    + eta;
        }
    }

    public StringProperty datasetProperty() {
        return dataset;
    }

    /** A preset name (tiny, small, …) or a config file. */
    public StringProperty configProperty() {
        return config;
    }

    public StringProperty fractionsProperty() {
        return fractions;
    }

    public BooleanProperty bySpeakerProperty() {
        return bySpeaker;
    }

    public ObjectProperty<Path> folderProperty() {
        return folder;
    }

    /** Every point of the shown curve, measured or not, smallest first. */
    public ObservableList<CurvePoint> points() {
        return points;
    }

    public ObjectProperty<Extrapolation> extrapolationProperty() {
        return extrapolation;
    }

    /** The extrapolation (or why there is none) in words. */
    public StringProperty summaryProperty() {
        return summary;
    }

    public BooleanProperty busyProperty() {
        return busy;
    }

    public DoubleProperty progressProperty() {
        return progress;
    }

    public StringProperty statusProperty() {
        return status;
    }
}
