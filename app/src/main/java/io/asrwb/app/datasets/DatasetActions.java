package io.asrwb.app.datasets;

import java.util.List;
import java.util.function.Supplier;
import javafx.scene.control.Button;
import javafx.scene.control.Tooltip;
import javafx.stage.Window;

/**
 * The selected dataset's actions (export, split, check audio, the last import's report), in the
 * Datasets view's bottom row beside Import…, where they leave the clip pane its height.
 */
final class DatasetActions {

    private DatasetActions() {}

    static List<Button> create(DatasetsViewModel vm, Supplier<Window> owner) {
        Button export = new Button("Export…");
        export.setId("export-button");
        export.setTooltip(new Tooltip("Write the dataset as curated: a new, hashed manifest"));
        export.disableProperty().bind(vm.busyProperty().or(vm.selectedProperty().isNull()));
        export.setOnAction(
                e ->
                        new ExportDialog(owner.get(), vm.selectedProperty().get().dataset().name())
                                .showAndWait()
                                .ifPresent(vm::exportCurated));
        Button split = new Button("Split…");
        split.setId("split-button");
        split.setTooltip(
                new Tooltip(
                        "Give the dataset train, val and test splits (whole speakers, seeded) as"
                                + " its next manifest version"));
        split.disableProperty().bind(vm.busyProperty().or(vm.selectedProperty().isNull()));
        split.setOnAction(
                e ->
                        new SplitDialog(owner.get(), vm.selectedProperty().get().dataset().name())
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
                e -> new ImportReportDialog(owner.get(), vm.lastImportProperty().get()).show());
        return List.of(export, split, check, report);
    }
}
