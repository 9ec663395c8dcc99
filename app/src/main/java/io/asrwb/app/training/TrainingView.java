package io.asrwb.app.training;

import io.asrwb.app.config.FineTuneSetup;
import io.asrwb.app.layout.Compact;
import io.asrwb.engine.store.DatasetRecord;
import java.util.Locale;
import javafx.animation.Animation;
import javafx.animation.KeyFrame;
import javafx.animation.Timeline;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.geometry.Insets;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TabPane;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.cell.CheckBoxListCell;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.util.Duration;
import javafx.util.StringConverter;

/**
 * The training dashboard: dataset and start/stop/resume on top with progress and ETA, the runs
 * (check to overlay) and the selected run's checkpoints on the left, four charts in the middle.
 * A 10 Hz timeline drains the view model's event queue while a run is going.
 */
public final class TrainingView extends BorderPane {

    /** Training metrics reach the FX thread at most this often. */
    private static final Duration DRAIN_PERIOD = Duration.millis(100);

    private final TrainingViewModel vm;
    private final Button resume = new Button("Resume");
    private final CheckpointAveragingViewModel averaging;
    private final FineTuneSetup fineTune;
    private boolean followsTabs;

    /** The dashboard with checkpoint averaging on its own background runner. */
    public TrainingView(TrainingViewModel vm) {
        this(vm, new CheckpointAveragingViewModel(new io.asrwb.app.tasks.FxTaskRunner()));
    }

    public TrainingView(TrainingViewModel vm, CheckpointAveragingViewModel averaging) {
        this(vm, averaging, null);
    }

    /** With "Fine-tune from…" under the checkpoints when {@code fineTune} is given. */
    public TrainingView(
            TrainingViewModel vm, CheckpointAveragingViewModel averaging, FineTuneSetup fineTune) {
        this.vm = vm;
        this.averaging = averaging;
        this.fineTune = fineTune;
        setId("training-view");
        setTop(toolbar());
        SplitPane split = new SplitPane(sidebar(), MetricCharts.grid("chart", vm.shownSeries()));
        split.setDividerPositions(0.28);
        setCenter(split);
        Label status = new Label();
        status.setId("training-status");
        status.textProperty().bind(vm.statusProperty());
        status.setPadding(new Insets(4, 8, 4, 8));
        setBottom(new VBox(new FlaggedUtterancesList(vm.flaggedUtterances()), status));

        refreshWhenShown();

        Timeline drain = new Timeline(new KeyFrame(DRAIN_PERIOD, e -> vm.drainEvents()));
        drain.setCycleCount(Animation.INDEFINITE);
        vm.runningProperty()
                .addListener(
                        (o, was, now) -> {
                            if (now) {
                                drain.play();
                            } else {
                                drain.stop();
                            }
                        });
    }

    /**
     * The catalog changes behind this view (an import on the Datasets tab, the first start's demo
     * import): reload datasets and runs each time the tab holding this view is selected.
     */
    private void refreshWhenShown() {
        sceneProperty()
                .addListener(
                        (o, was, now) -> {
                            for (Node n = getParent();
                                    n != null && !followsTabs;
                                    n = n.getParent()) {
                                if (n instanceof TabPane tabs) {
                                    followsTabs = true;
                                    var shownNow = tabs.getSelectionModel().getSelectedItem();
                                    if (shownNow != null
                                            && isInside(shownNow.getContent())
                                            && !vm.runningProperty().get()) {
                                        vm.refresh(); // built when its tab was first selected
                                        // (the app builds tabs lazily)
                                    }
                                    tabs.getSelectionModel()
                                            .selectedItemProperty()
                                            .addListener(
                                                    (ob, from, to) -> {
                                                        if (to != null
                                                                && isInside(to.getContent())
                                                                && !vm.runningProperty().get()) {
                                                            vm.refresh();
                                                        }
                                                    });
                                    return;
                                }
                            }
                        });
    }

    private boolean isInside(Node content) {
        for (Node n = this; n != null; n = n.getParent()) {
            if (n == content) {
                return true;
            }
        }
        return false;
    }

    private HBox toolbar() {
        ComboBox<DatasetRecord> dataset = new ComboBox<>(vm.datasets());
        dataset.setId("training-dataset");
        dataset.valueProperty().bindBidirectional(vm.datasetProperty());
        dataset.setConverter(
                new StringConverter<>() {
                    @Override
                    public String toString(DatasetRecord d) {
                        return d == null ? "" : d.name();
                    }

                    @Override
                    public DatasetRecord fromString(String s) {
                        return null;
                    }
                });
        dataset.disableProperty().bind(vm.runningProperty());
        dataset.setOnShowing(e -> vm.refreshDatasets());

        Button start = new Button("Start");
        start.setId("training-start");
        start.disableProperty().bind(vm.canStartProperty().not());
        start.setOnAction(e -> vm.start());

        Button stop = new Button("Stop");
        stop.setId("training-stop");
        stop.disableProperty().bind(vm.runningProperty().not());
        stop.setOnAction(e -> vm.stop());

        resume.setId("training-resume");
        resume.setTooltip(
                new javafx.scene.control.Tooltip(
                        "Continue the selected run from the selected checkpoint (or its newest)"));
        resume.disableProperty().bind(vm.runningProperty().or(vm.selectedRunProperty().isNull()));

        ProgressBar progress = new ProgressBar();
        progress.setId("training-progress");
        progress.progressProperty().bind(vm.progressProperty());
        progress.setPrefWidth(220);
        Label progressText = new Label();
        progressText.setId("training-progress-text");
        progressText.textProperty().bind(vm.progressTextProperty());

        HBox bar =
                new HBox(
                        8,
                        new Label("Dataset"),
                        dataset,
                        start,
                        stop,
                        resume,
                        progress,
                        progressText);
        bar.setPadding(new Insets(6, 8, 6, 8));
        bar.setStyle("-fx-alignment: center-left;");
        return bar;
    }

    private VBox sidebar() {
        ListView<RunRow> runs = new ListView<>(vm.runs());
        runs.setId("training-runs");
        runs.setCellFactory(
                CheckBoxListCell.forListView(
                        vm::overlaidProperty,
                        new StringConverter<>() {
                            @Override
                            public String toString(RunRow r) {
                                return r == null ? "" : r.label();
                            }

                            @Override
                            public RunRow fromString(String s) {
                                return null;
                            }
                        }));
        runs.getSelectionModel()
                .selectedItemProperty()
                .addListener(
                        (o, was, now) -> {
                            if (now != null) {
                                vm.selectedRunProperty().set(now);
                            }
                        });
        vm.selectedRunProperty()
                .addListener(
                        (o, was, now) -> {
                            if (now != null
                                    && !now.equals(runs.getSelectionModel().getSelectedItem())) {
                                runs.getSelectionModel().select(now);
                            }
                        });

        TableView<CheckpointRow> checkpoints = new TableView<>(vm.checkpoints());
        checkpoints.setId("training-checkpoints");
        checkpoints.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        checkpoints.getColumns().add(column("Step", r -> Long.toString(r.step())));
        checkpoints.getColumns().add(column("WER", r -> percent(r.wer())));
        checkpoints.getColumns().add(column("CER", r -> percent(r.cer())));
        checkpoints.getColumns().add(column("Best", r -> r.best() ? "★" : ""));
        checkpoints.setPlaceholder(new Label("No checkpoints"));

        resume.setOnAction(
                e -> {
                    RunRow run = vm.selectedRunProperty().get();
                    if (run != null) {
                        vm.resume(run, checkpoints.getSelectionModel().getSelectedItem());
                    }
                });
        runs.setOnMouseClicked(
                e -> {
                    RunRow run = runs.getSelectionModel().getSelectedItem();
                    if (e.getClickCount() == 2
                            && run != null
                            && run.interrupted()
                            && !vm.runningProperty().get()) {
                        vm.resumeLatest(run); // the one click (well, two) for a run the app lost
                    }
                });

        Label runsTitle =
                new Label("Runs (check to overlay; double-click an interrupted run to resume)");
        runsTitle.setWrapText(true);
        runsTitle.setMinHeight(javafx.scene.layout.Region.USE_PREF_SIZE); // wrap, never cut off
        VBox box =
                new VBox(
                        6,
                        runsTitle,
                        runs,
                        new Label("Checkpoints of the selected run"),
                        checkpoints,
                        new AverageCheckpointsControl(vm, averaging));
        if (fineTune != null) {
            box.getChildren().add(new FineTuneFromControl(vm, checkpoints, fineTune));
        }
        VBox.setVgrow(runs, Priority.ALWAYS);
        VBox.setVgrow(checkpoints, Priority.ALWAYS);
        box.setPadding(new Insets(6));
        return box;
    }

    private static TableColumn<CheckpointRow, String> column(
            String title, java.util.function.Function<CheckpointRow, String> text) {
        TableColumn<CheckpointRow, String> c = new TableColumn<>(title);
        Compact.headerWhole(c);
        c.setCellValueFactory(cell -> new ReadOnlyStringWrapper(text.apply(cell.getValue())));
        c.setSortable(false);
        return c;
    }

    private static String percent(Double rate) {
        return rate == null ? "–" : String.format(Locale.ROOT, "%.1f %%", rate * 100);
    }
}
