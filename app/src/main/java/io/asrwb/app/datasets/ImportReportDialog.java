package io.asrwb.app.datasets;

import io.asrwb.engine.data.ProblemKind;
import java.util.Map;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.VBox;
import javafx.stage.Window;

/** After an import: how many entries were rejected for each reason, then every problem, file:line. */
final class ImportReportDialog extends Dialog<Void> {

    ImportReportDialog(Window owner, ImportSummary summary) {
        setTitle("Import report: " + summary.dataset());
        if (owner != null) {
            initOwner(owner);
        }
        setResizable(true);
        GridPane counts = new GridPane();
        counts.setId("rejected-by-kind");
        counts.setHgap(12);
        int row = 0;
        for (Map.Entry<ProblemKind, Long> e : summary.rejectedByKind().entrySet()) {
            counts.addRow(
                    row++,
                    new Label(
                            e.getKey().name().toLowerCase(java.util.Locale.ROOT).replace('_', ' ')),
                    new Label(Long.toString(e.getValue())));
        }
        if (row == 0) {
            counts.addRow(0, new Label("No file was rejected."));
        }
        ListView<String> problems = new ListView<>();
        problems.setId("import-problems");
        problems.getItems().setAll(summary.problemLines());
        problems.setPrefSize(760, 320);
        VBox box =
                new VBox(
                        10,
                        new Label(summary.headline()),
                        new Label("Rejected, by reason:"),
                        counts,
                        new Label("Every problem (file:line: message — what to do):"),
                        problems);
        getDialogPane().setContent(box);
        getDialogPane().getButtonTypes().setAll(ButtonType.CLOSE);
    }
}
