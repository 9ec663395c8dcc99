package io.asrwb.app.record;

import io.asrwb.app.ShownArming;
import io.asrwb.app.finetune.VoiceFineTunePane;
import io.asrwb.app.finetune.VoiceFineTuneViewModel;
import io.asrwb.app.transcribe.LevelMeter;
import io.asrwb.engine.data.Split;
import java.io.File;
import javafx.application.Platform;
import javafx.beans.binding.Bindings;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.VBox;
import javafx.stage.FileChooser;
import javafx.util.StringConverter;

/**
 * Record tab: dataset, speaker and split on top; the prompt large in the middle with the take's
 * waveform and the level meter under it; progress and the keys at the bottom. Keyboard-first: hold
 * Space to record, P plays, R records again, Enter keeps, S skips ({@link RecordKeys}).
 */
public final class RecordView extends BorderPane {

    private final RecordViewModel vm;

    public RecordView(RecordViewModel vm) {
        this(vm, null);
    }

    /**
     * @param fineTune the "Fine-tune on these takes" strip's view model, null for none; it follows
     *     the dataset recorded into and counts its takes again after each one kept
     */
    public RecordView(RecordViewModel vm, VoiceFineTuneViewModel fineTune) {
        this.vm = vm;
        vm.refreshDatasets(); // before the dataset box binds: new items would clear its value
        getStyleClass().add("record-view");
        setPadding(new Insets(12));
        setTop(settingsBar());
        setCenter(promptPane());
        setBottom(statusBar());
        if (fineTune != null) {
            fineTune.datasetProperty().bind(vm.dataset);
            vm.kept.addListener((o, was, now) -> fineTune.refresh());
            fineTune.refresh();
            VoiceFineTunePane pane = new VoiceFineTunePane(fineTune);
            pane.installKey(this);
            ((VBox) getBottom()).getChildren().add(pane);
        }
        setFocusTraversable(true);
        addEventHandler(javafx.scene.input.MouseEvent.MOUSE_PRESSED, e -> requestFocus());
        RecordKeys.install(this, vm);
        ShownArming.install(
                this,
                true,
                () -> {
                    vm.arm();
                    // the keys reach the tab, not the dataset box that would take the focus first
                    Platform.runLater(this::requestFocus);
                },
                vm::disarm);
    }

    /** Asks for a prompts file (File > Open prompts…) and reads it. */
    public void choosePrompts() {
        FileChooser chooser = new FileChooser();
        chooser.setTitle("Open prompts: a text file, one sentence per line");
        chooser.getExtensionFilters()
                .addAll(
                        new FileChooser.ExtensionFilter("Text", "*.txt"),
                        new FileChooser.ExtensionFilter("All files", "*"));
        File file = chooser.showOpenDialog(getScene().getWindow());
        if (file != null) {
            vm.openPrompts(file.toPath());
        }
        requestFocus();
    }

    private HBox settingsBar() {
        ComboBox<String> dataset = new ComboBox<>(vm.datasets);
        dataset.setId("record-dataset");
        dataset.setEditable(true);
        dataset.setPromptText("dataset, or a new name");
        dataset.setPrefWidth(220);
        dataset.valueProperty().bindBidirectional(vm.dataset);
        TextField speaker = new TextField();
        speaker.setId("record-speaker");
        speaker.setPromptText("speaker name");
        speaker.textProperty().bindBidirectional(vm.speaker);
        ChoiceBox<Split> split = new ChoiceBox<>();
        split.getItems().setAll(Split.TRAIN, Split.VAL, Split.TEST);
        split.setId("record-split");
        split.setConverter(
                new StringConverter<>() {
                    @Override
                    public String toString(Split s) {
                        return s == null ? "" : s.key();
                    }

                    @Override
                    public Split fromString(String s) {
                        return Split.parse(s);
                    }
                });
        split.valueProperty().bindBidirectional(vm.split);
        Button open = new Button("Open prompts…");
        open.setId("record-open-prompts");
        open.setFocusTraversable(false);
        open.setOnAction(e -> choosePrompts());
        Button fromDataset = new Button("Use the dataset's transcripts");
        fromDataset.setId("record-prompts-from-dataset");
        fromDataset.setFocusTraversable(false);
        fromDataset.setOnAction(
                e -> {
                    vm.promptsFromDataset();
                    requestFocus();
                });
        HBox bar =
                new HBox(
                        8,
                        new Label("Dataset"),
                        dataset,
                        new Label("Speaker"),
                        speaker,
                        new Label("Split"),
                        split,
                        open,
                        fromDataset);
        bar.setAlignment(Pos.CENTER_LEFT);
        bar.setPadding(new Insets(0, 0, 12, 0));
        return bar;
    }

    private VBox promptPane() {
        Label prompt = new Label();
        prompt.setId("record-prompt");
        prompt.setWrapText(true);
        prompt.setStyle("-fx-font-size: 28px;");
        prompt.textProperty().bind(vm.prompt);
        prompt.setMinHeight(120);
        ClipWaveform waveform = new ClipWaveform(900, 140);
        vm.clip.addListener((o, a, b) -> waveform.show(b));
        waveform.show(vm.clip.get());
        Label state = new Label();
        state.setId("record-state");
        state.textProperty()
                .bind(Bindings.when(vm.recordingProperty()).then("● Recording").otherwise(""));
        state.setStyle("-fx-text-fill: #d9534f; -fx-font-weight: bold;");
        HBox meterRow = new HBox(8, new LevelMeter(vm.levelProperty(), "record-level", 300), state);
        meterRow.setAlignment(Pos.CENTER_LEFT);
        VBox pane = new VBox(12, prompt, waveform, meterRow);
        pane.setAlignment(Pos.TOP_LEFT);
        return pane;
    }

    private VBox statusBar() {
        Label message = new Label();
        message.setId("record-message");
        message.setWrapText(true);
        message.textProperty()
                .bind(Bindings.when(vm.error.isEmpty()).then(vm.message).otherwise(vm.error));
        message.styleProperty()
                .bind(
                        Bindings.when(vm.error.isEmpty())
                                .then("")
                                .otherwise("-fx-text-fill: #d9534f;"));
        Label progress = new Label();
        progress.setId("record-progress");
        progress.textProperty().bind(vm.progress);
        Label keys =
                new Label("Hold Space: record · P: play · R: record again · Enter: keep · S: skip");
        keys.getStyleClass().add("placeholder");
        VBox bar = new VBox(6, message, progress, keys);
        bar.setPadding(new Insets(8, 0, 0, 0));
        return bar;
    }
}
