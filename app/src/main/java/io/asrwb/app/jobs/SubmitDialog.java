package io.asrwb.app.jobs;

import io.asrwb.engine.config.Presets;
import io.asrwb.remote.jobs.core.BackendRequest;
import io.asrwb.remote.jobs.core.JobSpec;
import io.asrwb.remote.jobs.core.LaunchPlan;
import java.io.File;
import java.util.List;
import java.util.Optional;
import javafx.beans.binding.BooleanBinding;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.collections.ObservableList;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonType;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.SelectionMode;
import javafx.scene.control.Spinner;
import javafx.scene.control.TextField;
import javafx.scene.layout.GridPane;
import javafx.stage.FileChooser;
import javafx.stage.Window;

/**
 * Asks for a job: the host(s) (several for a fallback host or a multi-node run), a preset or a
 * config file, a dataset of the catalog, the mode (with a Spark job's replicas, executor memory and
 * optional existing cluster), the backend and the automatic restarts allowed.
 */
final class SubmitDialog extends Dialog<SubmitRequest> {

    /**
     * @param sparkUnavailable why this build cannot submit Spark jobs (said under the mode, and
     *     OK refused, while spark is chosen), or empty
     */
    SubmitDialog(
            Window owner,
            ObservableList<String> hosts,
            ObservableList<String> datasets,
            Optional<String> sparkUnavailable) {
        setTitle("Submit a remote training job");
        if (owner != null) {
            initOwner(owner);
        }
        ListView<String> hostList = new ListView<>(hosts);
        hostList.setId("submit-hosts");
        hostList.getSelectionModel().setSelectionMode(SelectionMode.MULTIPLE);
        hostList.setPrefHeight(110);
        if (!hosts.isEmpty()) {
            hostList.getSelectionModel().select(0);
        }
        ComboBox<String> config = new ComboBox<>();
        config.setId("submit-config");
        config.setEditable(true);
        config.getItems().setAll(Presets.NAMES);
        config.setValue(Presets.NAMES.get(0));
        config.setPrefWidth(320);
        Button browse = new Button("Config file…");
        browse.setOnAction(
                e -> {
                    FileChooser chooser = new FileChooser();
                    chooser.getExtensionFilters()
                            .add(new FileChooser.ExtensionFilter("Run config", "*.yaml", "*.yml"));
                    File f = chooser.showOpenDialog(getOwner());
                    if (f != null) {
                        config.setValue(f.getPath());
                    }
                });
        ComboBox<String> dataset = new ComboBox<>(datasets);
        dataset.setId("submit-dataset");
        if (!datasets.isEmpty()) {
            dataset.setValue(datasets.get(0));
        }
        ChoiceBox<String> mode = new ChoiceBox<>();
        mode.setId("submit-mode");
        mode.getItems().setAll(LaunchPlan.SingleNode.MODE, LaunchPlan.Spark.MODE);
        mode.setValue(LaunchPlan.SingleNode.MODE);
        // spark: the first host runs the driver and (unless a cluster is named) the master
        Spinner<Integer> replicas = new Spinner<>(1, 64, SparkSettings.DEFAULTS.cores());
        replicas.setId("submit-spark-cores");
        TextField memory = new TextField(SparkSettings.DEFAULTS.workerMemory());
        memory.setId("submit-spark-memory");
        memory.setPrefColumnCount(6);
        TextField master = new TextField();
        master.setId("submit-spark-master");
        master.setPromptText("start one on the hosts, or spark://HOST:PORT");
        BooleanBinding single = mode.valueProperty().isNotEqualTo(LaunchPlan.Spark.MODE);
        Label noSpark = new Label(sparkUnavailable.orElse(""));
        noSpark.setId("submit-spark-unavailable");
        noSpark.setWrapText(true);
        noSpark.setMaxWidth(520);
        noSpark.getStyleClass().add("refusal-text");
        BooleanBinding sparkRefused =
                single.not().and(new SimpleBooleanProperty(sparkUnavailable.isPresent()));
        noSpark.visibleProperty().bind(sparkRefused);
        noSpark.managedProperty().bind(sparkRefused);
        replicas.disableProperty().bind(single);
        memory.disableProperty().bind(single);
        master.disableProperty().bind(single);
        ChoiceBox<String> backend = new ChoiceBox<>();
        backend.setId("submit-backend");
        for (BackendRequest r : BackendRequest.values()) {
            backend.getItems().add(r.word());
        }
        backend.setValue(BackendRequest.AUTO.word());
        Spinner<Integer> restarts = new Spinner<>(0, 100, JobSpec.DEFAULT_MAX_RESTARTS);
        restarts.setId("submit-restarts");

        GridPane grid = new GridPane();
        grid.setHgap(8);
        grid.setVgap(8);
        grid.addRow(0, new Label("Host(s)"), hostList);
        grid.addRow(1, new Label("Config"), config, browse);
        grid.addRow(2, new Label("Dataset"), dataset);
        grid.addRow(3, new Label("Mode"), mode);
        grid.add(noSpark, 1, 8, 3, 1);
        grid.addRow(
                4,
                new Label("Spark"),
                replicas,
                new Label("replicas per host (1 per GPU)," + " executor memory"),
                memory);
        grid.addRow(5, new Label("Spark cluster"), master);
        grid.addRow(
                6,
                new Label("Backend"),
                backend,
                new Label("auto: CUDA where the host has GPUs and this build has the CUDA jars"));
        grid.addRow(7, new Label("Auto-restarts"), restarts);
        getDialogPane().setContent(grid);
        getDialogPane().setId("submit-dialog");
        getDialogPane().getButtonTypes().setAll(ButtonType.OK, ButtonType.CANCEL);
        getDialogPane().lookupButton(ButtonType.OK).disableProperty().bind(sparkRefused);
        setResultConverter(
                b ->
                        b != ButtonType.OK
                                ? null
                                : new SubmitRequest(
                                        List.copyOf(
                                                hostList.getSelectionModel().getSelectedItems()),
                                        config.getEditor().getText() == null
                                                        || config.getEditor().getText().isBlank()
                                                ? config.getValue()
                                                : config.getEditor().getText().strip(),
                                        dataset.getValue(),
                                        mode.getValue(),
                                        restarts.getValue(),
                                        backend.getValue(),
                                        new SparkSettings(
                                                master.getText(),
                                                replicas.getValue(),
                                                memory.getText(),
                                                SparkSettings.DEFAULTS.masterPort())));
    }
}
