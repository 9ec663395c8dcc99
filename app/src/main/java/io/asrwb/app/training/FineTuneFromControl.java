package io.asrwb.app.training;

import io.asrwb.app.config.FineTuneSetup;
import java.nio.file.Path;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.TableView;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.VBox;

/**
 * "Fine-tune from…" under a run's checkpoints (the selected one, else the run's newest), and the
 * line that says what it set up.
 */
final class FineTuneFromControl extends VBox {

    FineTuneFromControl(
            TrainingViewModel training, TableView<CheckpointRow> checkpoints, FineTuneSetup setup) {
        super(4);
        Button button = new Button("Fine-tune from…");
        button.setId("training-fine-tune");
        button.setTooltip(
                new Tooltip(
                        "Set up a new run that starts from the selected checkpoint's weights (or"
                                + " the run's newest) with a fresh optimizer"));
        button.disableProperty().bind(training.selectedRunProperty().isNull());
        Label status = new Label();
        status.setId("training-fine-tune-status");
        status.setWrapText(true);
        button.setOnAction(
                e -> {
                    RunRow run = training.selectedRunProperty().get();
                    if (run == null) {
                        return;
                    }
                    CheckpointRow row = checkpoints.getSelectionModel().getSelectedItem();
                    Path from = row != null ? row.checkpoint().directory() : Path.of(run.runDir());
                    status.setText(setup.from(from));
                });
        getChildren().addAll(button, status);
    }
}
