package io.asrwb.app.datasets;

import io.asrwb.engine.data.DatasetFormat;
import java.io.File;
import java.nio.file.Path;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonType;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.layout.GridPane;
import javafx.stage.DirectoryChooser;
import javafx.stage.Window;

/** Asks for a manifest format, a folder and an optional note for the new manifest version. */
final class ExportDialog extends Dialog<ExportRequest> {

    ExportDialog(Window owner, String dataset) {
        setTitle("Export '" + dataset + "' as curated");
        if (owner != null) {
            initOwner(owner);
        }
        ChoiceBox<DatasetFormat> format = FormatChoice.create();
        TextField folder = new TextField();
        folder.setPrefColumnCount(32);
        folder.setPromptText("folder for the manifest");
        Button browse = new Button("Folder…");
        browse.setOnAction(
                e -> {
                    File f = new DirectoryChooser().showDialog(getOwner());
                    if (f != null) {
                        folder.setText(f.getPath());
                    }
                });
        TextField note = new TextField();
        note.setPromptText("note for this version (optional)");
        GridPane grid = new GridPane();
        grid.setHgap(8);
        grid.setVgap(8);
        grid.addRow(0, new Label("Format"), format);
        grid.addRow(1, new Label("Folder"), folder, browse);
        grid.addRow(2, new Label("Note"), note);
        grid.add(
                new Label(
                        "Excluded utterances are left out; edited transcripts replace the imported"
                                + " ones."),
                0,
                3,
                3,
                1);
        getDialogPane().setContent(grid);
        getDialogPane().getButtonTypes().setAll(ButtonType.OK, ButtonType.CANCEL);
        getDialogPane()
                .lookupButton(ButtonType.OK)
                .disableProperty()
                .bind(folder.textProperty().isEmpty());
        setResultConverter(
                b ->
                        b == ButtonType.OK
                                ? new ExportRequest(
                                        format.getValue(),
                                        Path.of(folder.getText().trim()),
                                        note.getText().trim())
                                : null);
    }
}
