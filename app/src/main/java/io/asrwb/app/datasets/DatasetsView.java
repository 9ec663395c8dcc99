package io.asrwb.app.datasets;

import io.asrwb.app.layout.Compact;
import io.asrwb.app.layout.Dividers;
import io.asrwb.app.waveform.ListeningControls;
import io.asrwb.app.words.ClipRequest;
import io.asrwb.engine.store.DatasetSummary;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Objects;
import java.util.function.Consumer;
import javafx.application.Platform;
import javafx.collections.ListChangeListener;
import javafx.geometry.Insets;
import javafx.geometry.Orientation;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TextInputControl;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.input.KeyCombination;
import javafx.scene.input.KeyEvent;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.stage.Window;

/**
 * Datasets on the left, the selected one's duration histogram under them; its utterances in a
 * table with the curation bar above, the shown clip below; import, the dataset's actions and
 * status at the bottom. Ctrl+Z undoes and Ctrl+Shift+Z or Ctrl+Y redoes a curation edit
 * (except while typing in a text field, which has its own undo). Ctrl+Shift+P plays the shown clip
 * as the trainer will hear it after the run config's augmentation. Ctrl+Shift+H shows the pitch
 * tier; Ctrl+Shift+S plays slower (1, 0.75, 0.5 of real time, pitch kept); Ctrl+Shift+A aligns the
 * shown clip's words.
 */
public final class DatasetsView extends BorderPane {

    private static final KeyCombination UNDO =
            new KeyCodeCombination(KeyCode.Z, KeyCombination.SHORTCUT_DOWN);
    private static final KeyCombination REDO =
            new KeyCodeCombination(
                    KeyCode.Z, KeyCombination.SHORTCUT_DOWN, KeyCombination.SHIFT_DOWN);
    private static final KeyCombination REDO_Y =
            new KeyCodeCombination(KeyCode.Y, KeyCombination.SHORTCUT_DOWN);

    /** Plays the shown clip as the trainer will hear it after augmentation. */
    static final KeyCombination PLAY_AUGMENTED =
            new KeyCodeCombination(
                    KeyCode.P, KeyCombination.SHORTCUT_DOWN, KeyCombination.SHIFT_DOWN);

    /** Aligns the shown clip's words now with the chosen checkpoint. */
    static final KeyCombination ALIGN_WORDS =
            new KeyCodeCombination(
                    KeyCode.A, KeyCombination.SHORTCUT_DOWN, KeyCombination.SHIFT_DOWN);

    private final DatasetsViewModel vm;
    private final UtteranceTableView table;
    private Consumer<ImportRequest> onImportChosen = r -> {};

    public DatasetsView(DatasetsViewModel vm) {
        this.vm = vm;
        getStyleClass().add("datasets-view");
        table = new UtteranceTableView(vm);

        BorderPane tablePane = new BorderPane(table);
        tablePane.setTop(new CurationBar(vm, table));
        SplitPane center = new SplitPane(tablePane, new DatasetDetailPane(vm));
        center.setOrientation(Orientation.VERTICAL);
        Dividers.atFirstShow(center, 0.62); // ten rows or more in a 640-pixel window
        table.getSelectionModel()
                .selectedItemProperty()
                .addListener(
                        (o, a, b) -> {
                            if (b == null
                                    || a == null
                                    || !a.id().equals(b.id())) { // an edit replaces the row:
                                // same clip
                                vm.showUtterance(b);
                            }
                        });
        // The waveform pane is never an empty box while there are rows: the first is selected.
        table.getItems().addListener((ListChangeListener<UtteranceRow>) c -> selectFirstLater());
        selectFirstLater();
        vm.lastImportProperty()
                .addListener(
                        (o, a, b) -> {
                            if (b != null && b.rejected() > 0) {
                                new ImportReportDialog(windowOf(), b).show();
                            }
                        });
        SplitPane left = new SplitPane(datasetList(), new DurationHistogram(vm));
        left.setOrientation(Orientation.VERTICAL);
        left.setDividerPositions(0.6);
        SplitPane split = new SplitPane(left, center);
        Dividers.atFirstShow(split, 0.16);
        setCenter(split);
        setBottom(statusBar());
        addEventHandler(KeyEvent.KEY_PRESSED, this::onKey);
    }

    /** After the change settles (an edit replaces rows and restores the selection itself). */
    private void selectFirstLater() {
        Platform.runLater(
                () -> {
                    if (table.getSelectionModel().isEmpty() && !table.getItems().isEmpty()) {
                        table.getSelectionModel().select(0);
                    }
                });
    }

    private void onKey(KeyEvent e) {
        if (e.getTarget() instanceof TextInputControl) {
            return;
        }
        if (REDO.match(e) || REDO_Y.match(e)) {
            table.keepingSelection(vm.curation()::redo);
            e.consume();
        } else if (UNDO.match(e)) {
            table.keepingSelection(vm.curation()::undo);
            e.consume();
        } else if (PLAY_AUGMENTED.match(e)) {
            vm.playAugmented();
            e.consume();
        } else if (ListeningControls.TOGGLE_PITCH.match(e)) {
            vm.waveform()
                    .aids()
                    .pitchShownProperty()
                    .set(!vm.waveform().aids().pitchShownProperty().get());
            e.consume();
        } else if (ListeningControls.SLOWER.match(e)) {
            vm.waveform().aids().slower();
            e.consume();
        } else if (ALIGN_WORDS.match(e)) {
            vm.words().align();
            e.consume();
        }
    }

    private ListView<DatasetSummary> datasetList() {
        ListView<DatasetSummary> list = new ListView<>(vm.datasets());
        list.setId("dataset-list");
        list.setCellFactory(
                v ->
                        new ListCell<>() {
                            @Override
                            protected void updateItem(DatasetSummary d, boolean empty) {
                                super.updateItem(d, empty);
                                setText(
                                        empty || d == null
                                                ? null
                                                : String.format(
                                                        Locale.ROOT,
                                                        "%s\n%d clips, %.2f h, v%d", // two lines:
                                                        // whole in a
                                                        // narrow list
                                                        d.dataset().name(),
                                                        d.count(),
                                                        d.hours(),
                                                        d.latestVersion()));
                            }
                        });
        vm.selectedProperty()
                .addListener(
                        (o, a, b) -> {
                            if (!Objects.equals(list.getSelectionModel().getSelectedItem(), b)) {
                                list.getSelectionModel().select(b);
                            }
                        });
        list.getSelectionModel()
                .selectedItemProperty()
                .addListener(
                        (o, a, b) -> {
                            if (b != null) {
                                vm.selectedProperty().set(b);
                            }
                        });
        list.setPrefWidth(150);
        list.setMinWidth(100);
        return list;
    }

    /**
     * Shows a clip another tab asked for, with the word it names selected on the waveform; false
     * when the catalog has no such dataset or utterance.
     */
    public boolean reveal(ClipRequest request) {
        return ClipReveal.reveal(vm, table, request);
    }

    /** Offers to import {@code manifest} (the file the app was opened with) in the import dialog. */
    public void offerImport(Path manifest) {
        chooseImport(manifest);
    }

    /**
     * Opens the import dialog (on {@code source} when given, else empty) and imports what the user
     * chose, telling {@link #setOnImportChosen} first.
     */
    public void chooseImport(Path source) {
        (source == null ? new ImportDialog(windowOf()) : new ImportDialog(windowOf(), source))
                .showAndWait()
                .ifPresent(
                        r -> {
                            onImportChosen.accept(r);
                            vm.importDataset(r);
                        });
    }

    /** Told of every import the user starts here (File → Open recent keeps them). */
    public void setOnImportChosen(Consumer<ImportRequest> listener) {
        onImportChosen = listener;
    }

    /** Exports the selected dataset as curated, through the export dialog; nothing when none. */
    public void exportSelected() {
        if (vm.selectedProperty().get() != null && !vm.busyProperty().get()) {
            new ExportDialog(windowOf(), vm.selectedProperty().get().dataset().name())
                    .showAndWait()
                    .ifPresent(vm::exportCurated);
        }
    }

    private HBox statusBar() {
        Button importButton = new Button("Import…");
        importButton.setId("import-button");
        importButton.disableProperty().bind(vm.busyProperty());
        importButton.setOnAction(e -> chooseImport(null));
        Button cancel = new Button("Cancel");
        cancel.setId("cancel-button");
        cancel.visibleProperty().bind(vm.busyProperty());
        cancel.managedProperty().bind(cancel.visibleProperty());
        cancel.setOnAction(e -> vm.cancel());
        ProgressBar bar = new ProgressBar();
        bar.progressProperty().bind(vm.progressProperty());
        bar.visibleProperty().bind(vm.busyProperty());
        bar.managedProperty().bind(bar.visibleProperty());
        Label status = new Label();
        status.setId("status-label");
        status.textProperty().bind(vm.statusProperty());
        status.setWrapText(true); // a long status takes a second line, the buttons stay whole
        status.setMinWidth(0);
        HBox.setHgrow(status, javafx.scene.layout.Priority.ALWAYS);
        HBox box = new HBox(8, importButton);
        box.getChildren().addAll(DatasetActions.create(vm, this::windowOf));
        box.getChildren().addAll(cancel, bar, status);
        for (var n : box.getChildren()) {
            if (n instanceof Button b) {
                Compact.whole(b);
            }
        }
        box.setAlignment(javafx.geometry.Pos.CENTER_LEFT);
        box.setPadding(new Insets(4, 6, 4, 6));
        return box;
    }

    private Window windowOf() {
        return getScene() == null ? null : getScene().getWindow();
    }
}
