package io.asrwb.app.training;

import io.asrwb.app.AppContext;
import io.asrwb.app.config.HyperparametersViewModel;
import io.asrwb.engine.config.ConfigFields;
import io.asrwb.engine.config.RunConfig;
import io.asrwb.engine.store.AppDirs;
import io.asrwb.engine.store.DatasetRecord;
import io.asrwb.engine.store.DatasetRepository;
import io.asrwb.engine.train.RunLauncher;
import io.asrwb.engine.train.RunLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.BooleanBinding;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleObjectProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The training dashboard's state. The trainer runs on its own thread through the task runner and
 * only appends its events to a lock-free queue; {@link #drainEvents()} folds what queued up into
 * the series on the FX thread, called by the view's ≤ 10 Hz timer and once when the run ends, so
 * the FX thread sees one change per series per drain, never one per point. The run in hand is
 * {@link LocalRun}, the catalog's runs and overlays {@link RunList}.
 */
public final class TrainingViewModel {

    private final AppContext ctx;
    private final HyperparametersViewModel hyperparameters;
    private final Path runsRoot;

    private final ObservableList<DatasetRecord> datasets = FXCollections.observableArrayList();
    private final ObjectProperty<DatasetRecord> dataset = new SimpleObjectProperty<>();
    private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper("");
    private final ObservableList<String> flagged = FXCollections.observableArrayList();
    private final RunHistory history;
    private final LocalRun local;
    private final RunList runList;
    private final BooleanBinding canStart;

    /**
     * @param runsRoot where new run folders go ({@code <dataset>-<yyyyMMdd-HHmmss>})
     */
    public TrainingViewModel(
            AppContext ctx, HyperparametersViewModel hyperparameters, Path runsRoot) {
        this.ctx = ctx;
        this.hyperparameters = hyperparameters;
        this.runsRoot = runsRoot;
        this.local = new LocalRun(ctx.tasks(), ctx.catalog(), ctx.clock());
        this.history = new RunHistory(ctx.catalog());
        this.runList = new RunList(history, status, local::series, local::isLive);
        canStart =
                Bindings.createBooleanBinding(
                        () ->
                                hyperparameters.runEnabledProperty().get()
                                        && !local.running.get()
                                        && dataset.get() != null,
                        hyperparameters.runEnabledProperty(),
                        local.running,
                        dataset);
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
        return runList.runs;
    }

    public ObjectProperty<RunRow> selectedRunProperty() {
        return runList.selected;
    }

    /** The selected run's checkpoints, oldest first, the lowest WER marked best. */
    public ObservableList<CheckpointRow> checkpoints() {
        return runList.checkpoints;
    }

    /** What the charts show: the live run (first, when there is one) and the overlaid runs. */
    public ObservableList<RunSeries> shownSeries() {
        return runList.shownSeries;
    }

    /** Whether {@code run}'s series are overlaid on the charts; the runs list's check box. */
    public BooleanProperty overlaidProperty(RunRow run) {
        return runList.overlaidProperty(run);
    }

    public ReadOnlyBooleanProperty runningProperty() {
        return local.running.getReadOnlyProperty();
    }

    /** Start is possible: the config is valid, a dataset is chosen and no run is going. */
    public BooleanBinding canStartProperty() {
        return canStart;
    }

    /** Step / planned steps of the live run, in [0, 1]. */
    public ReadOnlyDoubleProperty progressProperty() {
        return local.progress.getReadOnlyProperty();
    }

    /** E.g. "step 40 / 600 · ETA 3:12". */
    public ReadOnlyStringProperty progressTextProperty() {
        return local.progressText.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty statusProperty() {
        return status.getReadOnlyProperty();
    }

    /**
     * The utterances the live run found behind a non-finite loss and flagged in the catalog, one
     * line each (id, reason, audio, transcript); empty until one is found.
     */
    public ObservableList<String> flaggedUtterances() {
        return flagged;
    }

    // ---- commands -----------------------------------------------------------------------------

    /** Reloads datasets and runs from the catalog. */
    public void refresh() {
        refreshDatasets();
        runList.refresh();
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
        launch(
                "Training on " + on.name(),
                runDir,
                new RunSeries(runDir.toString(), runDir.getFileName().toString(), true),
                () -> RunLauncher.prepareNew(ctx.catalog(), config, runDir));
    }

    /** Continues {@code run} from its newest checkpoint: the one click for an interrupted run. */
    public void resumeLatest(RunRow run) {
        resume(run, null);
    }

    /** Continues {@code run} from {@code from} (its newest checkpoint when null). */
    public void resume(RunRow run, CheckpointRow from) {
        if (local.running.get()) {
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
        long fromStep = from != null ? from.step() : RunList.lastCheckpointStep(runDir);
        launch(
                "Resuming " + run.name(),
                runDir,
                history.series(run, true, fromStep),
                () ->
                        RunLauncher.prepareResume(
                                ctx.catalog(), runDir, from == null ? null : from.checkpoint()));
    }

    /** Asks the live run to end after its current step, with a checkpoint. */
    public void stop() {
        local.stop();
        if (local.running.get()) {
            status.set("stopping after the current step…");
        }
    }

    /** Folds the queued training events into the series and progress; call on the FX thread. */
    public void drainEvents() {
        DrainedEvents drained = local.drain();
        if (drained.status != null) {
            status.set(drained.status);
        }
        flagged.addAll(drained.flagged);
        if (drained.runsChanged) {
            runList.refresh();
            runList.select(local.runDir());
        }
        if (drained.checkpointsChanged) {
            runList.loadCheckpoints();
        }
    }

    // ---- internals ----------------------------------------------------------------------------

    private void launch(
            String title, Path runDir, RunSeries series, LocalRun.Preparation preparation) {
        local.begin(runDir, series);
        flagged.clear();
        status.set("preparing " + runDir.getFileName() + "…");
        runList.showOverlays();
        local.train(title, preparation, this::ended);
    }

    private void ended(Throwable failure) {
        drainEvents();
        local.running.set(false);
        if (failure != null) {
            status.set(Objects.requireNonNullElse(failure.getMessage(), failure.toString()));
        }
        runList.refresh();
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
