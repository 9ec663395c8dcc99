package io.asrwb.app.datasets;

import io.asrwb.engine.store.DatasetStats;
import java.util.List;
import java.util.Locale;
import javafx.geometry.Insets;
import javafx.scene.chart.BarChart;
import javafx.scene.chart.CategoryAxis;
import javafx.scene.chart.NumberAxis;
import javafx.scene.chart.XYChart;
import javafx.scene.control.Button;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.stage.Window;

/**
 * Below the table: the selected utterance's waveform and spectrogram, the dataset's duration
 * histogram and its actions.
 */
final class DatasetDetailPane extends HBox {

    private final DatasetsViewModel vm;
    private final BarChart<String, Number> histogram =
            new BarChart<>(new CategoryAxis(), new NumberAxis());

    DatasetDetailPane(DatasetsViewModel vm) {
        super(8);
        this.vm = vm;
        setPadding(new Insets(4));
        WaveformView waveform = new WaveformView(vm.waveform(), vm.words());
        HBox.setHgrow(waveform, Priority.ALWAYS);

        histogram.setId("duration-histogram");
        histogram.setTitle("Durations (s)");
        histogram.setLegendVisible(false);
        histogram.setAnimated(false);
        histogram.setCategoryGap(2);
        histogram.setPrefSize(260, 180);
        histogram.setMinWidth(200);
        vm.statsProperty().addListener((o, a, b) -> showHistogram(b));
        showHistogram(vm.statsProperty().get());

        getChildren().addAll(waveform, histogram, actions());
    }

    private VBox actions() {
        Button export = new Button("Export…");
        export.setId("export-button");
        export.disableProperty().bind(vm.busyProperty().or(vm.selectedProperty().isNull()));
        export.setOnAction(
                e ->
                        new ExportDialog(windowOf(), vm.selectedProperty().get().dataset().name())
                                .showAndWait()
                                .ifPresent(vm::exportCurated));
        Button split = new Button("Split…");
        split.setId("split-button");
        split.setTooltip(
                new javafx.scene.control.Tooltip(
                        "Give the dataset train, val and test splits (whole speakers, seeded) as"
                                + " its next manifest version"));
        split.disableProperty().bind(vm.busyProperty().or(vm.selectedProperty().isNull()));
        split.setOnAction(
                e ->
                        new SplitDialog(windowOf(), vm.selectedProperty().get().dataset().name())
                                .showAndWait()
                                .ifPresent(vm::splitDataset));
        Button check = new Button("Check audio");
        check.setId("check-audio-button");
        check.disableProperty().bind(vm.busyProperty().or(vm.selectedProperty().isNull()));
        check.setOnAction(e -> vm.checkAudio());
        Button report = new Button("Import report…");
        report.setId("import-report-button");
        report.disableProperty().bind(vm.lastImportProperty().isNull());
        report.setOnAction(
                e -> new ImportReportDialog(windowOf(), vm.lastImportProperty().get()).show());
        Button viewer = new Button("Open in viewer");
        viewer.setId("open-in-viewer-button");
        viewer.setTooltip(
                new javafx.scene.control.Tooltip(
                        "Show the selected clip in the Spectrogram tab (axes, dB legend,"
                                + " log-mel)"));
        viewer.disableProperty().bind(vm.shownProperty().isNull());
        viewer.setOnAction(e -> vm.openShownInViewer());
        Button augmented = new Button("Play augmented");
        augmented.setId("play-augmented-button");
        augmented.setTooltip(
                new javafx.scene.control.Tooltip(
                        "Play the clip as the trainer will hear it: the Hyperparameters tab's"
                                + " augmentation, drawn for this clip with the seed and epoch below"
                                + " (Ctrl+Shift+P). Select the row again for the original."));
        augmented.disableProperty().bind(vm.shownProperty().isNull());
        augmented.setOnAction(e -> vm.playAugmented());
        javafx.scene.control.Spinner<Integer> epoch =
                new javafx.scene.control.Spinner<>(0, 100_000, 0);
        epoch.setId("augment-epoch");
        epoch.setEditable(true);
        epoch.setPrefWidth(90);
        epoch.getValueFactory()
                .valueProperty()
                .addListener((o, a, b) -> vm.augmentEpochProperty().set(b));
        javafx.scene.control.TextField seed =
                new javafx.scene.control.TextField(Long.toString(vm.augmentSeedProperty().get()));
        seed.setId("augment-seed");
        seed.setPrefColumnCount(8);
        seed.textProperty()
                .addListener(
                        (o, a, b) -> {
                            try {
                                vm.augmentSeedProperty().set(Long.parseLong(b.trim()));
                                seed.setStyle("");
                            } catch (NumberFormatException ex) {
                                seed.setStyle("-fx-border-color: -asrwb-danger;");
                            }
                        });
        vm.augmentSeedProperty()
                .addListener(
                        (o, a, b) -> {
                            if (!seed.getText().trim().equals(b.toString())) {
                                seed.setText(b.toString());
                            }
                        });
        javafx.scene.control.Label shownAs = new javafx.scene.control.Label();
        shownAs.setId("waveform-shown-as");
        shownAs.setWrapText(true);
        shownAs.setMaxWidth(180);
        shownAs.textProperty().bind(vm.waveform().shownAsProperty());
        HBox seedEpoch =
                new HBox(
                        4,
                        new javafx.scene.control.Label("seed"),
                        seed,
                        new javafx.scene.control.Label("epoch"),
                        epoch);
        VBox box = new VBox(6, viewer, augmented, seedEpoch, shownAs, export, split, check, report);
        for (Button b : List.of(viewer, augmented, export, split, check, report)) {
            b.setMaxWidth(Double.MAX_VALUE); // one column of equal buttons
        }
        box.setPadding(new Insets(4));
        return box;
    }

    private void showHistogram(DatasetStats stats) {
        histogram.getData().clear();
        if (stats == null) {
            return;
        }
        XYChart.Series<String, Number> s = new XYChart.Series<>();
        for (DatasetStats.Bucket b : stats.histogram()) {
            String label =
                    Double.isInfinite(b.toS())
                            ? String.format(Locale.ROOT, "≥%.0f", b.fromS())
                            : String.format(Locale.ROOT, "%.0f–%.0f", b.fromS(), b.toS());
            s.getData().add(new XYChart.Data<>(label, b.count()));
        }
        histogram.getData().add(s);
    }

    private Window windowOf() {
        return getScene() == null ? null : getScene().getWindow();
    }
}
