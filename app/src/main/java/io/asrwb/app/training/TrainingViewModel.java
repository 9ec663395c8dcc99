package io.asrwb.app.training;

import io.asrwb.app.AppContext;
import io.asrwb.app.config.HyperparametersViewModel;
import io.asrwb.app.tasks.TaskCallbacks;
import io.asrwb.engine.config.ConfigFields;
import io.asrwb.engine.config.RunConfig;
import io.asrwb.engine.store.AppDirs;
import io.asrwb.engine.store.DatasetRecord;
import io.asrwb.engine.store.DatasetRepository;
import io.asrwb.engine.train.PreparedRun;
import io.asrwb.engine.train.RunLauncher;
import io.asrwb.engine.train.RunLock;
import io.asrwb.engine.train.Trainer;
import io.asrwb.engine.train.TrainingEvent;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicLong;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.BooleanBinding;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.beans.property.ReadOnlyDoubleWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The training dashboard's state. The trainer runs on its own thread through the task runner and
 * only appends its events to a lock-free queue; {@link #drainEvents()} folds what queued up into
 * the series on the FX thread, called by the view's ≤ 10 Hz timer and once when the run ends, so
 * the FX thread sees one change per series per drain, never one per point.
 */
public final class TrainingViewModel {

    private final AppContext ctx;
    private final HyperparametersViewModel hyperparameters;
    private final Path runsRoot;
    private final RunHistory history;

    private final Queue<TrainingEvent> pending = new ConcurrentLinkedQueue<>();
    private final AtomicLong plannedSteps = new AtomicLong();
    private volatile Trainer activeTrainer;
    private volatile boolean stopRequested;

    private final ObservableList<DatasetRecord> datasets = FXCollections.observableArrayList();
    private final ObjectProperty<DatasetRecord> dataset = new SimpleObjectProperty<>();
    private final ObservableList<RunRow> runs = FXCollections.observableArrayList();
    private final ObjectProperty<RunRow> selectedRun = new SimpleObjectProperty<>();
    private final ObservableList<CheckpointRow> checkpoints = FXCollections.observableArrayList();
    private final ObservableList<RunSeries> shownSeries = FXCollections.observableArrayList();
    private final Map<Long, BooleanProperty> overlaid = new HashMap<>();
    private final ReadOnlyBooleanWrapper running = new ReadOnlyBooleanWrapper();
    private final ReadOnlyDoubleWrapper progress = new ReadOnlyDoubleWrapper(0);
    private final ReadOnlyStringWrapper progressText = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper("");
    private final BooleanBinding canStart;
    private final EtaEstimate eta = new EtaEstimate();

    private RunSeries live;

    /** Feeds the live series; made anew for each run launched. */
    private ChartFeed feed;

    private String liveRunDir;
    private long step;

    /**
     * @param runsRoot where new run folders go ({@code <dataset>-<yyyyMMdd-HHmmss>})
     */
    public TrainingViewModel(
            AppContext ctx, HyperparametersViewModel hyperparameters, Path runsRoot) {
        this.ctx = ctx;
        this.hyperparameters = hyperparameters;
        this.runsRoot = runsRoot;
        this.history = new RunHistory(ctx.catalog());
        canStart =
                Bindings.createBooleanBinding(
                        () ->
                                hyperparameters.runEnabledProperty().get()
                                        && !running.get()
                                        && dataset.get() != null,
                        hyperparameters.runEnabledProperty(),
                        running,
                        dataset);
        selectedRun.addListener((o, was, now) -> loadCheckpoints());
    }

    /**
     * The app's dashboard: new runs go to {@code runs/} in the user's data folder; datasets and runs
     * are loaded.
     */
    public static TrainingViewModel opened(
            AppContext ctx, HyperparametersViewModel hyperparameters) {
        return opened(ctx, hyperparameters, AppDirs.ofSystem().dataDir().resolve("runs"));
    }

    /** A dashboard whose new runs go to {@code runsRoot}; datasets and runs are loaded. */
    public static TrainingViewModel opened(
            AppContext ctx, HyperparametersViewModel hyperparameters, Path runsRoot) {
        TrainingViewModel vm = new TrainingViewModel(ctx, hyperparameters, runsRoot);
        vm.refresh();
        return vm;
    }

    // ---- properties ---------------------------------------------------------------------------

    public ObservableList<DatasetRecord> datasets() {
        return datasets;
    }

    public ObjectProperty<DatasetRecord> datasetProperty() {
        return dataset;
    }

    /** Every run in the catalog, newest first. */
    public ObservableList<RunRow> runs() {
        return runs;
    }

    public ObjectProperty<RunRow> selectedRunProperty() {
        return selectedRun;
    }

    /** The selected run's checkpoints, oldest first, the lowest WER marked best. */
    public ObservableList<CheckpointRow> checkpoints() {
        return checkpoints;
    }

    /** What the charts show: the live run (first, when there is one) and the overlaid runs. */
    public ObservableList<RunSeries> shownSeries() {
        return shownSeries;
    }

    /** Whether {@code run}'s series are overlaid on the charts; the runs list's check box. */
    public BooleanProperty overlaidProperty(RunRow run) {
        return overlaid.computeIfAbsent(
                run.id(),
                id -> {
                    BooleanProperty p = new SimpleBooleanProperty();
                    p.addListener((o, was, now) -> showOverlays());
                    return p;
                });
    }

    public ReadOnlyBooleanProperty runningProperty() {
        return running.getReadOnlyProperty();
    }

    /** Start is possible: the config is valid, a dataset is chosen and no run is going. */
    public BooleanBinding canStartProperty() {
        return canStart;
    }

    /** Step / planned steps of the live run, in [0, 1]. */
    public ReadOnlyDoubleProperty progressProperty() {
        return progress.getReadOnlyProperty();
    }

    /** E.g. "step 40 / 600 · ETA 3:12". */
    public ReadOnlyStringProperty progressTextProperty() {
        return progressText.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty statusProperty() {
        return status.getReadOnlyProperty();
    }

    // ---- commands -----------------------------------------------------------------------------

    /** Reloads datasets and runs from the catalog. */
    public void refresh() {
        refreshDatasets();
        refreshRuns();
    }

    /** Reloads the datasets (an import may have added one); keeps the choice when it still exists. */
    public void refreshDatasets() {
        List<DatasetRecord> all = ctx.catalog().read(c -> new DatasetRepository(c).all());
        datasets.setAll(all);
        if (dataset.get() == null
                || datasets.stream().noneMatch(d -> d.id() == dataset.get().id())) {
            String wanted = hyperparameters.currentConfig().data().dataset();
            dataset.set(
                    datasets.stream()
                            .filter(d -> d.name().equals(wanted))
                            .findFirst()
                            .orElse(datasets.isEmpty() ? null : datasets.get(0)));
        }
    }

    /** Starts a new run of the hyperparameters' config on the chosen dataset. */
    public void start() {
        if (!canStart.get()) {
            return;
        }
        DatasetRecord on = dataset.get();
        RunConfig config =
                ConfigFields.with(hyperparameters.currentConfig(), "data.dataset", on.name());
        Path runDir = newRunDir(on.name());
        live = new RunSeries(runDir.toString(), runDir.getFileName().toString(), true);
        launch(
                "Training on " + on.name(),
                runDir,
                () -> RunLauncher.prepareNew(ctx.catalog(), config, runDir));
    }

    /** Continues {@code run} from its newest checkpoint: the one click for an interrupted run. */
    public void resumeLatest(RunRow run) {
        resume(run, null);
    }

    /** Continues {@code run} from {@code from} (its newest checkpoint when null). */
    public void resume(RunRow run, CheckpointRow from) {
        if (running.get()) {
            return;
        }
        Path runDir = Path.of(run.runDir());
        Optional<String> holder = RunLock.holder(runDir);
        if (holder.isPresent()) {
            status.set(
                    run.name()
                            + " is being trained by pid "
                            + holder.get()
                            + "; stop that run first");
            return;
        }
        long fromStep = from != null ? from.step() : lastCheckpointStep(runDir);
        live = history.series(run, true, fromStep);
        launch(
                "Resuming " + run.name(),
                runDir,
                () ->
                        RunLauncher.prepareResume(
                                ctx.catalog(), runDir, from == null ? null : from.checkpoint()));
    }

    /** Asks the live run to end after its current step, with a checkpoint. */
    public void stop() {
        stopRequested = true;
        Trainer trainer = activeTrainer;
        if (trainer != null) {
            trainer.stop();
        }
        if (running.get()) {
            status.set("stopping after the current step…");
        }
    }

    /** Folds the queued training events into the series and progress; call on the FX thread. */
    public void drainEvents() {
        List<TrainingEvent> batch = new ArrayList<>();
        TrainingEvent event;
        while ((event = pending.poll()) != null) {
            batch.add(event);
        }
        DrainedEvents drained = DrainedEvents.of(batch);
        drained.stepSeconds.forEach(eta::recordStep);
        if (drained.status != null) {
            status.set(drained.status);
        }
        if (feed != null) {
            feed.foldEvents(batch); // a resume voids the live points after its step
            step = feed.step();
        }
        boolean runsChanged = drained.runsChanged;
        boolean checkpointsChanged = drained.checkpointsChanged;
        showProgress();
        if (runsChanged) {
            refreshRuns();
            runs.stream()
                    .filter(r -> r.runDir().equals(liveRunDir))
                    .findFirst()
                    .ifPresent(selectedRun::set);
        }
        if (checkpointsChanged) {
            loadCheckpoints();
        }
    }

    // ---- internals ----------------------------------------------------------------------------

    private interface Preparation {
        PreparedRun prepare() throws IOException;
    }

    private void launch(String title, Path runDir, Preparation preparation) {
        pending.clear();
        plannedSteps.set(0);
        stopRequested = false;
        eta.reset();
        step = 0;
        feed = new ChartFeed(live, 0);
        liveRunDir = runDir.toString();
        running.set(true);
        status.set("preparing " + runDir.getFileName() + "…");
        showOverlays();
        ctx.tasks()
                .run(
                        title,
                        task -> {
                            try (PreparedRun run =
                                    preparation.prepare()) { // holds the run folder's lock
                                plannedSteps.set(run.trainer().plannedSteps());
                                run.trainer().addListener(pending::add);
                                activeTrainer = run.trainer();
                                if (stopRequested) {
                                    run.trainer().stop();
                                }
                                return run.runRecorded(ctx.catalog(), ctx.clock());
                            }
                        },
                        new TaskCallbacks<TrainingEvent>(
                                end -> ended(null),
                                failure -> ended(failure),
                                () -> ended(null),
                                (p, m) -> {}));
    }

    private void ended(Throwable failure) {
        activeTrainer = null;
        drainEvents();
        running.set(false);
        if (failure != null) {
            status.set(Objects.requireNonNullElse(failure.getMessage(), failure.toString()));
        }
        refreshRuns();
    }

    private void showProgress() {
        long total = plannedSteps.get();
        progress.set(total > 0 ? Math.min(1, (double) step / total) : 0);
        String text = total > 0 ? "step " + step + " / " + total : "";
        if (running.get() && total > 0) {
            text +=
                    eta.remaining(step, total)
                            .map(d -> " · ETA " + EtaEstimate.format(d))
                            .orElse("");
        }
        progressText.set(text);
    }

    private void refreshRuns() {
        RunRow selected = selectedRun.get();
        runs.setAll(history.runs(dir -> running.get() && dir.equals(liveRunDir)));
        if (selected != null) {
            selectedRun.set(
                    runs.stream().filter(r -> r.id() == selected.id()).findFirst().orElse(null));
        }
    }

    private void showOverlays() {
        List<RunSeries> shown = new ArrayList<>();
        if (live != null) {
            shown.add(live);
        }
        for (RunRow run : runs) {
            BooleanProperty on = overlaid.get(run.id());
            if (on != null && on.get() && (live == null || !run.runDir().equals(live.runDir()))) {
                shown.add(history.series(run, false, Long.MAX_VALUE));
            }
        }
        shownSeries.setAll(shown);
    }

    private void loadCheckpoints() {
        RunRow run = selectedRun.get();
        if (run == null) {
            checkpoints.clear();
            return;
        }
        try {
            checkpoints.setAll(RunHistory.checkpoints(Path.of(run.runDir())));
        } catch (IOException e) {
            checkpoints.clear();
            status.set("cannot read the checkpoints of " + run.runDir() + ": " + e.getMessage());
        }
    }

    private static long lastCheckpointStep(Path runDir) {
        try {
            List<CheckpointRow> rows = RunHistory.checkpoints(runDir);
            return rows.isEmpty() ? 0 : rows.get(rows.size() - 1).step();
        } catch (IOException e) {
            return 0;
        }
    }

    private Path newRunDir(String datasetName) {
        String stamp =
                LocalDateTime.ofInstant(ctx.clock().instant(), ZoneId.systemDefault())
                        .format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"));
        String base = datasetName.replaceAll("[^A-Za-z0-9._-]", "_") + "-" + stamp;
        Path dir = runsRoot.resolve(base);
        for (int i = 2; Files.exists(dir); i++) {
            dir = runsRoot.resolve(base + "-" + i);
        }
        return dir.toAbsolutePath();
    }
}
