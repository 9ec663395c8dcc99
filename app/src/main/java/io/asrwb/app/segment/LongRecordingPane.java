package io.asrwb.app.segment;

import java.io.File;
import java.nio.file.Path;
import java.util.function.Consumer;
import javafx.beans.property.ObjectProperty;
import javafx.geometry.Insets;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.Spinner;
import javafx.scene.control.TextField;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.stage.DirectoryChooser;
import javafx.stage.FileChooser;

/**
 * The Import long recording form: recording, optional transcript, model, longest utterance and
 * dataset; Import (Alt+I) and Cancel (Alt+C); progress with the stage and ETA; the rejected
 * stretches when done.
 */
public final class LongRecordingPane extends VBox {

    public LongRecordingPane(LongRecordingViewModel vm) {
        GridPane form = new GridPane();
        form.setHgap(8);
        form.setVgap(6);
        row(
                form,
                0,
                "Recording",
                path(
                        "long-recording",
                        vm.recordingProperty(),
                        false,
                        "wav, flac, mp3, au, g722, ul, al"));
        row(
                form,
                1,
                "Transcript",
                path(
                        "long-transcript",
                        vm.transcriptProperty(),
                        false,
                        "optional: without it, drafts"));
        row(
                form,
                2,
                "Model",
                path("long-model", vm.modelProperty(), true, "checkpoint or run folder"));
        Spinner<Double> max = new Spinner<>(1.0, 600.0, vm.maxSecondsProperty().get(), 1.0);
        max.setId("long-max-seconds");
        max.setEditable(true);
        max.valueProperty().addListener((o, was, now) -> vm.maxSecondsProperty().set(now));
        row(form, 3, "Max seconds", max);
        TextField dataset = new TextField();
        dataset.setId("long-dataset");
        dataset.setPromptText("new dataset, or one to append to");
        dataset.textProperty().bindBidirectional(vm.datasetProperty());
        row(form, 4, "Dataset", dataset);

        Button start = new Button("_Import");
        start.setId("long-import");
        start.setDefaultButton(true);
        start.setOnAction(e -> vm.start());
        start.disableProperty().bind(vm.busyProperty());
        Button cancel = new Button("_Cancel");
        cancel.setId("long-cancel");
        cancel.setOnAction(e -> vm.cancel());
        cancel.disableProperty().bind(vm.busyProperty().not());
        ProgressBar progress = new ProgressBar();
        progress.setId("long-progress");
        progress.setMaxWidth(Double.MAX_VALUE);
        HBox.setHgrow(progress, Priority.ALWAYS);
        progress.progressProperty().bind(vm.progressProperty());
        progress.visibleProperty().bind(vm.busyProperty());
        Label status = new Label();
        status.setId("long-status");
        status.setWrapText(true);
        status.textProperty().bind(vm.statusProperty());
        ListView<String> rejected = new ListView<>(vm.rejected());
        rejected.setId("long-rejected");
        rejected.setPlaceholder(new Label("Rejected stretches are listed here"));
        rejected.setPrefHeight(160);

        getChildren().addAll(form, new HBox(8, start, cancel, progress), status, rejected);
        setSpacing(8);
        setPadding(new Insets(12));
    }

    private static void row(GridPane form, int row, String label, javafx.scene.Node field) {
        Label l = new Label(label);
        l.setLabelFor(field);
        form.add(l, 0, row);
        form.add(field, 1, row);
        GridPane.setHgrow(field, Priority.ALWAYS);
    }

    /** A path field bound to {@code target} with a Browse button. */
    private static HBox path(
            String id, ObjectProperty<Path> target, boolean folder, String prompt) {
        TextField field = new TextField(target.get() == null ? "" : target.get().toString());
        field.setId(id);
        field.setPromptText(prompt);
        field.setPrefColumnCount(36);
        field.textProperty()
                .addListener(
                        (o, was, now) -> target.set(now.isBlank() ? null : Path.of(now.strip())));
        Button browse = new Button("…");
        browse.setId(id + "-browse");
        Consumer<File> chosen = f -> field.setText(f == null ? field.getText() : f.toString());
        browse.setOnAction(
                e -> {
                    if (folder) {
                        chosen.accept(
                                new DirectoryChooser().showDialog(browse.getScene().getWindow()));
                    } else {
                        chosen.accept(
                                new FileChooser().showOpenDialog(browse.getScene().getWindow()));
                    }
                });
        HBox.setHgrow(field, Priority.ALWAYS);
        return new HBox(4, field, browse);
    }
}
