package io.asrwb.app.workbench;

import java.util.Locale;
import java.util.stream.Collectors;
import javafx.scene.control.Alert;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuItem;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TextArea;
import javafx.scene.control.cell.PropertyValueFactory;
import javafx.scene.input.KeyCombination;
import javafx.stage.Window;

/** Help: the keyboard shortcuts (F1) and About (versions and licences). */
final class HelpMenu {

    private HelpMenu() {}

    static Menu of(Window owner) {
        MenuItem keys = new MenuItem("Keyboard shortcuts");
        keys.setId("menu-shortcuts");
        keys.setAccelerator(KeyCombination.keyCombination("F1"));
        keys.setOnAction(e -> shortcutsDialog(owner).show());
        MenuItem about = new MenuItem("About ASR Workbench");
        about.setId("menu-about");
        about.setOnAction(e -> aboutDialog(owner).show());
        Menu menu = new Menu("Help", null, keys, about);
        menu.setId("menu-help");
        return menu;
    }

    static Alert shortcutsDialog(Window owner) {
        TableView<Shortcuts.Shortcut> table = new TableView<>();
        table.setId("shortcuts-table");
        table.getColumns().add(column("Where", "where", 150));
        table.getColumns().add(column("Keys", "keys", 150));
        table.getColumns().add(column("Does", "what", 420));
        table.getItems().setAll(Shortcuts.ALL);
        table.setPrefSize(740, 420);
        Alert alert = new Alert(Alert.AlertType.INFORMATION);
        alert.initOwner(owner);
        alert.setTitle("Keyboard shortcuts");
        alert.setHeaderText("Keyboard shortcuts");
        alert.getDialogPane().setContent(table);
        alert.setResizable(true);
        return alert;
    }

    static Alert aboutDialog(Window owner) {
        TextArea text = new TextArea(aboutText());
        text.setId("about-text");
        text.setEditable(false);
        text.setWrapText(true);
        text.setPrefSize(560, 300);
        Alert alert = new Alert(Alert.AlertType.INFORMATION);
        alert.initOwner(owner);
        alert.setTitle("About ASR Workbench");
        alert.setHeaderText("ASR Workbench " + version(HelpMenu.class));
        alert.getDialogPane().setContent(text);
        return alert;
    }

    static String aboutText() {
        return String.join(
                "\n",
                "Version " + version(HelpMenu.class),
                "Java "
                        + System.getProperty("java.version")
                        + " ("
                        + System.getProperty("java.vendor")
                        + ")",
                "JavaFX " + System.getProperty("javafx.runtime.version", "unknown"),
                "OS " + System.getProperty("os.name") + " " + System.getProperty("os.arch"),
                "",
                "Licence: GPL-3.0-or-later (TarsosDSP, which the engine uses for pitch, slow"
                        + " playback and silence detection, is GPL-3.0).",
                "",
                "Third-party parts and their licences:",
                ThirdParty.ALL.stream()
                        .map(p -> String.format(Locale.ROOT, "  %s — %s", p.name(), p.licence()))
                        .collect(Collectors.joining("\n")),
                "",
                "The installer ships the full licence texts of these parts.");
    }

    /** The jar's Implementation-Version, or "development build" when run from classes. */
    private static String version(Class<?> c) {
        String v = c.getPackage().getImplementationVersion();
        return v == null ? "(development build)" : v;
    }

    private static TableColumn<Shortcuts.Shortcut, String> column(
            String title, String field, double width) {
        TableColumn<Shortcuts.Shortcut, String> col = new TableColumn<>(title);
        col.setCellValueFactory(new PropertyValueFactory<>(field));
        col.setPrefWidth(width);
        return col;
    }
}
