package io.asrwb.app.training;

import java.util.Optional;
import javafx.beans.binding.Bindings;
import javafx.collections.ObservableList;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.TextInputDialog;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.VBox;

/** The "Average last N…" button under a run's checkpoints, and the line that says what it did. */
final class AverageCheckpointsControl extends VBox {

    AverageCheckpointsControl(TrainingViewModel training, CheckpointAveragingViewModel averaging) {
        super(4);
        ObservableList<CheckpointRow> checkpoints = training.checkpoints();
        Button average = new Button("Average last N…");
        average.setId("training-average");
        average.setTooltip(
                new Tooltip(
                        "Average the parameters of the selected run's newest N checkpoints into a"
                                + " new checkpoint (often a little better than any one of them)"));
        average.disableProperty()
                .bind(
                        Bindings.size(checkpoints)
                                .lessThan(2)
                                .or(averaging.busyProperty())
                                .or(training.runningProperty()));
        average.setOnAction(e -> ask(training, averaging));
        Label status = new Label();
        status.setId("training-average-status");
        status.setWrapText(true);
        status.textProperty().bind(averaging.statusProperty());
        getChildren().addAll(average, status);
    }

    private static void ask(TrainingViewModel training, CheckpointAveragingViewModel averaging) {
        RunRow run = training.selectedRunProperty().get();
        ObservableList<CheckpointRow> checkpoints = training.checkpoints();
        if (run == null || checkpoints.size() < 2) {
            return;
        }
        int count = checkpoints.size();
        TextInputDialog dialog = new TextInputDialog(Integer.toString(Math.min(3, count)));
        dialog.setTitle("Average checkpoints");
        dialog.setHeaderText(
                "Average the newest N of the "
                        + count
                        + " checkpoints of "
                        + java.nio.file.Path.of(run.runDir()).getFileName());
        dialog.setContentText("N (2–" + count + "):");
        Optional<String> answer = dialog.showAndWait();
        if (answer.isEmpty()) {
            return;
        }
        int n;
        try {
            n = Integer.parseInt(answer.get().trim());
        } catch (NumberFormatException ex) {
            n = -1;
        }
        if (n < 1 || n > count) {
            averaging.reject(
                    "N must be a whole number from 1 to " + count + ", got " + answer.get());
            return;
        }
        long newest = checkpoints.stream().mapToLong(CheckpointRow::step).max().orElse(0);
        averaging.averageLast(run, newest, n, () -> {});
    }
}
