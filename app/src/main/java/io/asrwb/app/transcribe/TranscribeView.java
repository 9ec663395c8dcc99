package io.asrwb.app.transcribe;

import io.asrwb.app.AudioFileFilter;
import io.asrwb.app.ShownArming;
import java.io.File;
import java.util.List;
import javafx.beans.binding.Bindings;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressBar;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;
import javafx.scene.input.TransferMode;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.stage.DirectoryChooser;
import javafx.stage.FileChooser;

/**
 * Transcribe tab: a model chooser with what the model knows under it, a big "Hold to talk" button (the space bar works too), a
 * level meter and live spectrogram while recording, the transcript and its latency; audio files
 * open from a dialog or by dropping them anywhere on the tab.
 */
public final class TranscribeView extends BorderPane {

    private final TranscribeViewModel vm;

    public TranscribeView(TranscribeViewModel vm) {
        this.vm = vm;
        getStyleClass().add("transcribe-view");
        setPadding(new Insets(12));
        setTop(new VBox(modelBar(), new ModelKnowledgeBar(vm), new DecoderBar(vm.decoding())));
        setCenter(new TalkPanel(vm));
        setBottom(statusBar());
        installDrop();
        installSpaceBar();
        setFocusTraversable(true); // the space bar reaches the tab wherever the user clicked in it
        addEventHandler(javafx.scene.input.MouseEvent.MOUSE_PRESSED, e -> requestFocus());
        // the microphone open while the tab is on screen (not as a bare scene root: the tests)
        ShownArming.install(this, false, vm::armMicrophone, vm::disarmMicrophone);
    }

    private HBox modelBar() {
        ComboBox<ModelChoice> models = new ComboBox<>(vm.models());
        models.setId("transcribe-model");
        models.valueProperty().bindBidirectional(vm.modelProperty());
        models.setPromptText("No model: choose a run or checkpoint folder");
        models.setPrefWidth(360);
        models.setFocusTraversable(false);
        Button refresh = new Button("Refresh");
        refresh.setOnAction(e -> vm.refreshModels());
        refresh.setFocusTraversable(false);
        Button folder = new Button("Choose run or checkpoint…");
        folder.setId("transcribe-choose-folder");
        folder.setFocusTraversable(false);
        folder.setOnAction(
                e -> {
                    DirectoryChooser chooser = new DirectoryChooser();
                    chooser.setTitle("Choose a run folder or a checkpoint folder");
                    File dir = chooser.showDialog(getScene().getWindow());
                    if (dir != null) {
                        vm.chooseFolder(dir.toPath());
                    }
                });
        Button open = new Button("Open file…");
        open.setId("transcribe-open");
        open.setFocusTraversable(false);
        open.disableProperty().bind(vm.busyProperty());
        open.setOnAction(
                e -> {
                    FileChooser chooser = new FileChooser();
                    chooser.setTitle("Transcribe an audio file");
                    chooser.getExtensionFilters().add(AudioFileFilter.create());
                    File file = chooser.showOpenDialog(getScene().getWindow());
                    if (file != null) {
                        vm.transcribeFile(file.toPath());
                    }
                });
        HBox bar = new HBox(8, new Label("Model"), models, refresh, folder, open);
        bar.setAlignment(Pos.CENTER_LEFT);
        bar.setPadding(new Insets(0, 0, 6, 0));
        return bar;
    }

    private HBox statusBar() {
        Label latency = new Label();
        latency.setId("transcribe-latency");
        latency.textProperty()
                .bind(
                        Bindings.createStringBinding(
                                () -> {
                                    long ms = vm.latencyMsProperty().get();
                                    return ms < 0 ? "" : "Latency " + ms + " ms";
                                },
                                vm.latencyMsProperty()));
        Label message = new Label();
        message.setId("transcribe-message");
        message.textProperty()
                .bind(
                        Bindings.when(vm.errorProperty().isEmpty())
                                .then(vm.statusProperty())
                                .otherwise(vm.errorProperty()));
        message.styleProperty()
                .bind(
                        Bindings.when(vm.errorProperty().isEmpty())
                                .then("")
                                .otherwise("-fx-text-fill: #d9534f;"));
        message.setWrapText(true);
        HBox.setHgrow(message, Priority.ALWAYS);
        message.setMaxWidth(Double.MAX_VALUE);
        ProgressBar progress = new ProgressBar();
        progress.setId("transcribe-progress");
        progress.setPrefWidth(180);
        progress.progressProperty().bind(vm.progressProperty());
        progress.visibleProperty().bind(vm.progressProperty().greaterThanOrEqualTo(0));
        progress.managedProperty().bind(progress.visibleProperty());
        Button cancel = new Button("Cancel");
        cancel.setId("transcribe-cancel");
        cancel.setFocusTraversable(false);
        cancel.setOnAction(e -> vm.cancel());
        cancel.visibleProperty().bind(progress.visibleProperty());
        cancel.managedProperty().bind(progress.visibleProperty());
        HBox bar = new HBox(16, message, progress, cancel, latency);
        bar.setAlignment(Pos.CENTER_LEFT);
        bar.setPadding(new Insets(8, 0, 0, 0));
        return bar;
    }

    private void installDrop() {
        setOnDragOver(
                e -> {
                    if (e.getDragboard().hasFiles()) {
                        e.acceptTransferModes(TransferMode.COPY);
                    }
                    e.consume();
                });
        setOnDragDropped(
                e -> {
                    List<File> files =
                            e.getDragboard().hasFiles() ? e.getDragboard().getFiles() : List.of();
                    if (!files.isEmpty()) {
                        vm.transcribeFile(files.get(0).toPath());
                    }
                    e.setDropCompleted(!files.isEmpty());
                    e.consume();
                });
    }

    /** Space held = button held; key repeat while held is ignored by the view model. */
    private void installSpaceBar() {
        addEventFilter(
                KeyEvent.KEY_PRESSED,
                e -> {
                    if (e.getCode() == KeyCode.SPACE) {
                        vm.pressed();
                        e.consume();
                    }
                });
        addEventFilter(
                KeyEvent.KEY_RELEASED,
                e -> {
                    if (e.getCode() == KeyCode.SPACE) {
                        vm.released();
                        e.consume();
                    }
                });
    }
}
