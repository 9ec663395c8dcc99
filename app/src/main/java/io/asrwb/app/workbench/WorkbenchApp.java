package io.asrwb.app.workbench;

import io.asrwb.app.AppContext;
import io.asrwb.app.config.FineTuneSetup;
import io.asrwb.app.config.HyperparametersView;
import io.asrwb.app.config.HyperparametersViewModel;
import io.asrwb.app.datasets.DatasetsView;
import io.asrwb.app.datasets.DatasetsViewModel;
import io.asrwb.app.jobs.JobsViewModel;
import io.asrwb.app.spectrogram.SpectrogramViewModel;
import io.asrwb.app.tasks.FxTaskRunner;
import io.asrwb.app.tasks.StartupGate;
import io.asrwb.app.theme.AppSettings;
import io.asrwb.app.theme.ThemeSwitcher;
import io.asrwb.app.training.CheckpointAveragingViewModel;
import io.asrwb.app.training.TrainingView;
import io.asrwb.app.training.TrainingViewModel;
import io.asrwb.app.transcribe.TranscribeView;
import io.asrwb.app.transcribe.TranscribeViewModel;
import io.asrwb.app.words.ClipRequest;
import io.asrwb.engine.assets.Assets;
import io.asrwb.engine.config.Presets;
import io.asrwb.engine.store.AppDirs;
import io.asrwb.engine.store.Catalog;
import io.asrwb.engine.store.CatalogException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.function.Consumer;
import javafx.application.Application;
import javafx.application.Platform;
import javafx.scene.Scene;
import javafx.scene.control.Alert;
import javafx.scene.control.MenuBar;
import javafx.scene.control.Tab;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.input.KeyCombination;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.stage.Stage;

/**
 * Composition root: opens the catalog (the user's data dir unless {@code asrwb.db} or
 * {@code ASRWB_DB} say otherwise), builds the view models and views, and imports the bundled
 * demo corpus on first start. The window opens where the user left it (80 % of the screen the
 * first time).
 */
public final class WorkbenchApp extends Application {

    /** System property naming the catalog to open (tests and screenshots use their own). */
    public static final String DB_PROPERTY = "asrwb.db";

    /** System property naming the settings file (default: settings.properties in the data dir). */
    public static final String SETTINGS_PROPERTY = "asrwb.settings";

    /** System property naming the folder new training runs go to (default: runs in the data dir). */
    public static final String RUNS_PROPERTY = "asrwb.runs";

    /** System property naming the folder new recorded datasets go to (default: recordings in the data dir). */
    public static final String RECORDINGS_PROPERTY = "asrwb.recordings";

    /** Opens the Re-label tab from anywhere. */
    static final KeyCombination OPEN_RELABEL =
            new KeyCodeCombination(
                    KeyCode.R, KeyCombination.SHORTCUT_DOWN, KeyCombination.SHIFT_DOWN);

    /** How long closing waits for the job followers to stop between two lines. */
    private static final Duration FOLLOWERS_WAIT = Duration.ofSeconds(5);

    private Catalog catalog;
    private FxTaskRunner tasks;
    private Workbench workbench;
    private JobsViewModel jobs;

    @Override
    public void start(Stage stage) {
        StartupTime.mark("toolkit up");
        try {
            catalog = Catalog.open(AppDirs.ofSystem().catalogPath(System.getProperty(DB_PROPERTY)));
        } catch (CatalogException e) {
            Alert alert = new Alert(Alert.AlertType.ERROR, e.getMessage());
            alert.setHeaderText("ASR Workbench cannot open its catalog");
            alert.showAndWait();
            Platform.exit();
            return;
        }
        StartupTime.mark("catalog open");
        tasks = new FxTaskRunner();
        AppContext ctx =
                new AppContext(
                        catalog, tasks, Clock.systemUTC(), System.getProperty("user.name", "user"));
        // what can wait for the window: the demo import (a first start) and the model's load
        StartupGate afterWindow = new StartupGate();
        DatasetsViewModel datasets = new DatasetsViewModel(ctx);
        datasets.refresh();
        afterWindow
                .holding(Runnable::run)
                .execute(
                        () ->
                                datasets.importDemoCorpusIfEmpty(
                                        Assets.demoCorpusManifest().orElse(null)));

        HyperparametersViewModel hyperparameters = new HyperparametersViewModel();
        hyperparameters.loadPreset(Presets.NAMES.get(0));
        // "Play augmented" in Datasets hears the augmentation being edited in Hyperparameters.
        datasets.setRunConfig(hyperparameters::currentConfig, Path.of("").toAbsolutePath());
        SpectrogramViewModel spectrogram = new SpectrogramViewModel(tasks);
        TrainingViewModel training =
                TrainingViewModel.opened(ctx, hyperparameters, dataDirOr(RUNS_PROPERTY, "runs"));
        TranscribeViewModel transcribe = TranscribeViewModel.forApp(ctx, afterWindow);
        FineTuneSetup fineTune = new FineTuneSetup(hyperparameters);

        StartupTime.mark("view models ready");
        Navigation nav = new Navigation();
        DatasetsView datasetsView = new DatasetsView(datasets);
        nav.add(View.DATASETS, new Tab(View.DATASETS.title(), datasetsView));
        nav.add(
                View.SPECTROGRAM,
                LazyTab.of("Spectrogram", () -> SpectrogramWords.create(spectrogram, datasets)));
        nav.add(
                View.HYPERPARAMETERS,
                LazyTab.of("Hyperparameters", () -> new HyperparametersView(hyperparameters)));
        nav.add(
                View.TRAINING,
                LazyTab.of(
                        "Training",
                        () ->
                                new TrainingView(
                                        training,
                                        new CheckpointAveragingViewModel(ctx.tasks()),
                                        fineTune)));
        nav.add(View.TRANSCRIBE, LazyTab.of("Transcribe", () -> new TranscribeView(transcribe)));
        fineTune.onSetUp(() -> nav.show(View.HYPERPARAMETERS));
        training.runningProperty()
                .addListener(
                        (o, was, now) -> {
                            if (!now) {
                                datasets.reloadUtterances(); // the run's evaluations stored each
                                // utterance's last CER
                            }
                        });
        jobs = RemoteTabs.create(ctx, stage, transcribe::chooseFolder, nav);
        // Errors and A/B rows open in the Datasets view: the clip with its words, the wrong one
        // selected and playable.
        Consumer<ClipRequest> openClip =
                request -> {
                    if (datasetsView.reveal(request)) {
                        nav.show(View.DATASETS);
                    }
                };
        Assets.locate()
                .map(a -> a.resolve("demo-model"))
                .filter(Files::isDirectory)
                .ifPresent(datasets.words().modelProperty()::set);
        nav.add(
                View.LEARNING_CURVE,
                LearningCurveTab.create(
                        ctx, dataDirOr(RUNS_PROPERTY, "runs").resolve("learning-curve-demo")));
        nav.add(View.ALIGNMENT, AlignmentTab.create(ctx));
        nav.add(View.ERRORS, ErrorsTab.create(ctx, openClip));
        nav.add(View.COMPARE, CompareTab.create(ctx, openClip));
        RecordTab record =
                RecordTab.create(
                        ctx,
                        dataDirOr(RECORDINGS_PROPERTY, "recordings"),
                        dataDirOr(RUNS_PROPERTY, "runs"),
                        model -> {
                            transcribe.chooseFolder(model);
                            nav.show(View.TRANSCRIBE);
                        },
                        training::refresh);
        nav.add(View.RECORD, record.tab());
        nav.add(View.RELABEL, RelabelTab.create(ctx, datasets));
        datasets.setOpenInViewer(
                file -> {
                    spectrogram.open(file);
                    nav.show(View.SPECTROGRAM);
                });
        nav.show(View.DATASETS);
        stage.setTitle("ASR Workbench");
        BorderPane root = new BorderPane(nav.content());
        Scene scene = new Scene(root);
        scene.getAccelerators().put(OPEN_RELABEL, () -> nav.show(View.RELABEL));
        nav.installAccelerators(scene);
        AppSettings settings = new AppSettings(dataDirOr(SETTINGS_PROPERTY, "settings.properties"));
        ThemeSwitcher themes = new ThemeSwitcher(scene, settings);
        MenuBar menus =
                new MenuBar(
                        FileMenu.of(
                                datasetsView,
                                new RecentImports(settings),
                                () -> {
                                    nav.show(View.RECORD);
                                    record.openPrompts();
                                },
                                stage,
                                ctx,
                                datasets::refresh),
                        ViewMenu.of(themes),
                        HelpMenu.of(stage));
        HBox top = new HBox(12, menus, nav.groupBar());
        top.getStyleClass().add("top-bar");
        root.setTop(top);
        WindowBounds.restore(stage, settings);
        WindowBounds.rememberOnClose(stage, settings);
        workbench =
                new Workbench(
                        datasets,
                        spectrogram,
                        hyperparameters,
                        training,
                        transcribe,
                        jobs,
                        nav,
                        themes);
        stage.setScene(scene);
        StartupTime.mark("views built");
        StartupTime.logWhenInteractive(scene, afterWindow::open);
        stage.show();
        // No parameters when started by hand (the screenshot tour), not through launch().
        OpenedFile.from(getParameters() == null ? List.of() : getParameters().getRaw())
                .ifPresent(manifest -> Platform.runLater(() -> datasetsView.offerImport(manifest)));
    }

    /** The wired parts, once {@link #start} ran (for tests and the screenshot tour). */
    Workbench workbench() {
        return workbench;
    }

    /** The path a system property names, or {@code name} in the user's data dir. */
    private static Path dataDirOr(String property, String name) {
        String option = System.getProperty(property);
        return option != null && !option.isBlank()
                ? Path.of(option)
                : AppDirs.ofSystem().dataDir().resolve(name);
    }

    @Override
    public void stop() throws InterruptedException {
        if (jobs != null) {
            jobs.detachFollowers(FOLLOWERS_WAIT); // before the catalog closes under them
        }
        if (tasks != null) {
            tasks.close();
        }
        if (catalog != null) {
            catalog.close();
        }
    }
}
