package io.asrwb.app.datasets;

import io.asrwb.app.waveform.WaveformView;
import java.util.List;
import javafx.geometry.Insets;
import javafx.scene.control.Button;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

/**
 * Below the table: the selected utterance's waveform and spectrogram, and the clip's viewer and
 * augmentation actions (the dataset's own are in the bottom row, its duration histogram under the
 * list of datasets).
 */
final class DatasetDetailPane extends HBox {

    private final DatasetsViewModel vm;

    DatasetDetailPane(DatasetsViewModel vm) {
        super(8);
        this.vm = vm;
        setPadding(new Insets(4));
        WaveformView waveform = new WaveformView(vm.waveform(), vm.words());
        HBox.setHgrow(waveform, Priority.ALWAYS);

        getChildren().addAll(waveform, actions());
    }

    private VBox actions() {
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
        GridPane seedEpoch = new GridPane();
        seedEpoch.setHgap(4);
        seedEpoch.setVgap(4);
        seedEpoch.addRow(0, new javafx.scene.control.Label("seed"), seed);
        seedEpoch.addRow(1, new javafx.scene.control.Label("epoch"), epoch);
        VBox box = new VBox(6, viewer, augmented, seedEpoch, shownAs);
        for (Button b : List.of(viewer, augmented)) {
            b.setMaxWidth(Double.MAX_VALUE); // one column of equal buttons
        }
        box.setMinWidth(Region.USE_PREF_SIZE);
        box.setPadding(new Insets(4));
        return box;
    }
}
