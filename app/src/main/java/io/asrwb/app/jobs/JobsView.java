package io.asrwb.app.jobs;

import io.asrwb.app.layout.Compact;
import io.asrwb.app.training.MetricCharts;
import java.util.function.Function;
import javafx.animation.Animation;
import javafx.animation.KeyFrame;
import javafx.animation.Timeline;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.geometry.Insets;
import javafx.geometry.Orientation;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.util.Duration;

/**
 * The Remote jobs tab: submit / stop / resume / fetch on top, the jobs and the selected job's node
 * lanes (a straggler or a silent node highlighted) on the left, the local dashboard's charts for
 * the selected job on the right. A 10 Hz timeline drains the followers' lines.
 */
public final class JobsView extends BorderPane {

    /** Event lines reach the FX thread at most this often. */
    private static final Duration DRAIN_PERIOD = Duration.millis(100);

    private final JobsViewModel vm;

    public JobsView(JobsViewModel vm) {
        this.vm = vm;
        setId("jobs-view");
        setTop(toolbar());
        SplitPane left = new SplitPane(jobsTable(), lanesBox());
        left.setOrientation(Orientation.VERTICAL);
        left.setDividerPositions(0.6);
        SplitPane split = new SplitPane(left, MetricCharts.grid("job-chart", vm.shownSeries()));
        split.setDividerPositions(0.42);
        setCenter(split);
        Label status = new Label();
        status.setId("jobs-status");
        status.textProperty().bind(vm.statusProperty());
        status.setPadding(new Insets(4, 8, 4, 8));
        setBottom(status);

        Timeline drain = new Timeline(new KeyFrame(DRAIN_PERIOD, e -> vm.drain()));
        drain.setCycleCount(Animation.INDEFINITE);
        sceneProperty()
                .addListener(
                        (o, was, now) -> {
                            if (now != null) {
                                vm.refresh();
                                drain.play();
                            } else {
                                drain.stop();
                            }
                        });
    }

    private HBox toolbar() {
        Button submit = new Button("Submit…");
        submit.setId("jobs-submit");
        submit.disableProperty().bind(vm.busyProperty());
        submit.setOnAction(
                e -> {
                    vm.refresh();
                    new SubmitDialog(
                                    getScene() == null ? null : getScene().getWindow(),
                                    vm.hostNames(),
                                    vm.datasetNames(),
                                    vm.sparkUnavailable())
                            .showAndWait()
                            .ifPresent(vm::submit);
                });
        Button stop = button("jobs-stop", "Stop", vm.canStopProperty().not(), vm::stopSelected);
        Button resume =
                button("jobs-resume", "Resume", vm.canResumeProperty().not(), vm::resumeSelected);
        Button fetch =
                button(
                        "jobs-fetch",
                        "Fetch checkpoint",
                        vm.canFetchProperty().not(),
                        vm::fetchSelected);
        ProgressBar progress = new ProgressBar();
        progress.setId("jobs-progress");
        progress.progressProperty().bind(vm.progressProperty());
        progress.visibleProperty().bind(vm.busyProperty());
        progress.setPrefWidth(200);
        HBox bar = new HBox(8, submit, stop, resume, fetch, progress);
        bar.setPadding(new Insets(6, 8, 6, 8));
        bar.setStyle("-fx-alignment: center-left;");
        return bar;
    }

    private static Button button(
            String id,
            String text,
            javafx.beans.value.ObservableValue<Boolean> disabled,
            Runnable action) {
        Button b = new Button(text);
        b.setId(id);
        b.disableProperty().bind(disabled);
        b.setOnAction(e -> action.run());
        return b;
    }

    private TableView<JobRow> jobsTable() {
        TableView<JobRow> table = new TableView<>(vm.jobs());
        table.setId("jobs-table");
        table.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        table.getColumns().add(column("Job", (JobRow r) -> r.id().value()));
        table.getColumns().add(column("Hosts", JobRow::hosts));
        table.getColumns().add(column("Mode", JobRow::mode));
        table.getColumns().add(column("Backend", JobRow::backend));
        table.getColumns().add(column("State", JobRow::state));
        table.getColumns().add(column("Step", JobRow::stepText));
        table.getColumns().add(column("Started", JobRow::started));
        table.setPlaceholder(new Label("No remote jobs yet: Submit… one"));
        table.getSelectionModel()
                .selectedItemProperty()
                .addListener(
                        (o, was, now) -> {
                            if (now != null) {
                                vm.selectedProperty().set(now);
                            }
                        });
        vm.selectedProperty()
                .addListener(
                        (o, was, now) -> {
                            if (now != null
                                    && !now.equals(table.getSelectionModel().getSelectedItem())) {
                                table.getSelectionModel().select(now);
                            }
                        });
        return table;
    }

    private VBox lanesBox() {
        TableView<NodeLane> lanes = new TableView<>(vm.lanes());
        lanes.setId("jobs-lanes");
        lanes.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        lanes.getColumns().add(column("Node", NodeLane::node));
        lanes.getColumns().add(column("Heartbeat", NodeLane::heartbeatText));
        lanes.getColumns().add(column("Step time", NodeLane::stepTimeText));
        lanes.getColumns().add(column("GPU memory", NodeLane::gpuMemoryText));
        lanes.getColumns().add(column("Step", (NodeLane l) -> Long.toString(l.step())));
        lanes.getColumns()
                .add(
                        column(
                                "Health",
                                (NodeLane l) ->
                                        l.health().name().toLowerCase(java.util.Locale.ROOT)));
        lanes.setPlaceholder(new Label("No events from this job yet"));
        lanes.setRowFactory(
                t ->
                        new TableRow<>() {
                            @Override
                            protected void updateItem(NodeLane lane, boolean empty) {
                                super.updateItem(lane, empty);
                                boolean bad =
                                        !empty
                                                && lane != null
                                                && (lane.health() == LaneHealth.SILENT
                                                        || lane.health() == LaneHealth.STRAGGLER);
                                // a hung or lagging node must stand out in either theme
                                setStyle(
                                        bad
                                                ? "-fx-background-color: #b3261e;"
                                                        + " -fx-text-background-color: white;"
                                                : "");
                            }
                        });
        Label title = new Label("Nodes of the selected job");
        VBox box = new VBox(4, title, lanes);
        VBox.setVgrow(lanes, Priority.ALWAYS);
        box.setPadding(new Insets(4));
        return box;
    }

    private static <T> TableColumn<T, String> column(String title, Function<T, String> text) {
        TableColumn<T, String> c = new TableColumn<>(title);
        Compact.headerWhole(c);
        c.setCellValueFactory(cell -> new ReadOnlyStringWrapper(text.apply(cell.getValue())));
        return c;
    }
}
