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
import javafx.stage.FileChooser;
import javafx.stage.Window;

/** Asks for a format, a manifest file or folder, and a dataset name. */
final class ImportDialog extends Dialog<ImportRequest> {

    ImportDialog(Window owner) {
        this(owner, null);
    }

    /** @param source a manifest to fill in (the file the app was opened with), or null */
    ImportDialog(Window owner, Path source) {
        setTitle("Import a dataset");
        if (owner != null) {
            initOwner(owner);
        }
        ChoiceBox<DatasetFormat> format = FormatChoice.create();
        TextField path = new TextField();
        path.setPrefColumnCount(32);
        path.setPromptText("manifest file, or folder for librispeech/folder layouts");
        Button file = new Button("File…");
        file.setOnAction(
                e -> {
                    File f = new FileChooser().showOpenDialog(getOwner());
                    if (f != null) {
                        path.setText(f.getPath());
                    }
                });
        Button folder = new Button("Folder…");
        folder.setOnAction(
                e -> {
                    File f = new DirectoryChooser().showDialog(getOwner());
                    if (f != null) {
                        path.setText(f.getPath());
                    }
                });
        TextField name = new TextField();
        name.setPromptText("name in the catalog");
        GridPane grid = new GridPane();
        grid.setHgap(8);
        grid.setVgap(8);
        grid.addRow(0, new Label("Format"), format);
        grid.addRow(1, new Label("Source"), path, file, folder);
        grid.addRow(2, new Label("Name"), name);
        if (source != null) {
            path.setText(source.toString());
            String fileName = source.getFileName().toString();
            int dot = fileName.lastIndexOf('.');
            name.setText(dot > 0 ? fileName.substring(0, dot) : fileName);
        }
        getDialogPane().setContent(grid);
        getDialogPane().getButtonTypes().setAll(ButtonType.OK, ButtonType.CANCEL);
        getDialogPane()
                .lookupButton(ButtonType.OK)
                .disableProperty()
                .bind(path.textProperty().isEmpty().or(name.textProperty().isEmpty()));
        setResultConverter(
                b ->
                        b == ButtonType.OK
                                ? new ImportRequest(
                                        format.getValue(),
                                        Path.of(path.getText().trim()),
                                        name.getText().trim())
                                : null);
    }
}
