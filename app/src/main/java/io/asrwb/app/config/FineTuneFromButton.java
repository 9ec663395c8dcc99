package io.asrwb.app.config;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import javafx.scene.control.Alert;
import javafx.scene.control.Button;
import javafx.scene.control.Tooltip;
import javafx.stage.DirectoryChooser;

/**
 * "Fine-tune from…" in the run setup: any checkpoint folder (the bundled demo model offered first)
 * becomes the start of the next run.
 */
final class FineTuneFromButton extends Button {

    private static final Path DEMO_MODEL = Path.of("assets", "demo-model");

    FineTuneFromButton(FineTuneSetup setup) {
        super("Fine-tune from…");
        setId("hyper-fine-tune");
        setTooltip(
                new Tooltip(
                        "Start the next run from a checkpoint's weights (a checkpoint or run"
                            + " folder, e.g. assets/demo-model): its model, features and alphabet"
                            + " are set, train.init_from names it"));
        setOnAction(
                e -> {
                    DirectoryChooser chooser = new DirectoryChooser();
                    chooser.setTitle("Fine-tune from a checkpoint or run folder");
                    if (Files.isDirectory(DEMO_MODEL)) {
                        chooser.setInitialDirectory(DEMO_MODEL.toAbsolutePath().toFile());
                    }
                    File folder = chooser.showDialog(getScene().getWindow());
                    if (folder == null) {
                        return;
                    }
                    String line = setup.from(folder.toPath());
                    if (line.startsWith("Cannot")) {
                        new Alert(Alert.AlertType.WARNING, line).showAndWait();
                    }
                });
    }
}
