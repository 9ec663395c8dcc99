package io.asrwb.app.datasets;

import io.asrwb.engine.data.DatasetFormat;
import javafx.scene.control.ChoiceBox;
import javafx.util.StringConverter;

/** The manifest-format picker of the import and export dialogs, named as the CLI names them. */
final class FormatChoice {

    private FormatChoice() {}

    static ChoiceBox<DatasetFormat> create() {
        ChoiceBox<DatasetFormat> format = new ChoiceBox<>();
        format.getItems().setAll(DatasetFormat.values());
        format.setValue(DatasetFormat.NEMO);
        format.setConverter(
                new StringConverter<>() {
                    @Override
                    public String toString(DatasetFormat f) {
                        return f == null ? "" : f.cliName();
                    }

                    @Override
                    public DatasetFormat fromString(String s) {
                        return DatasetFormat.fromCliName(s);
                    }
                });
        return format;
    }
}
