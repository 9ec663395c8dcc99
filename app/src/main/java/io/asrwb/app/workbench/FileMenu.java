package io.asrwb.app.workbench;

import io.asrwb.app.AppContext;
import io.asrwb.app.datasets.DatasetsView;
import io.asrwb.app.segment.LongRecordingDialog;
import io.asrwb.engine.assets.Assets;
import java.nio.file.Path;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuItem;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.input.KeyCombination;
import javafx.stage.Stage;

/**
 * File: import a dataset (Ctrl+O) or a long recording (Ctrl+Shift+O, cut into utterances),
 * export the selected one, re-open a recent import, open the Record tab's prompts, quit (Ctrl+Q).
 * Imports started anywhere in the Datasets tab land in Open recent.
 */
final class FileMenu {

    private FileMenu() {}

    /** @param openPrompts shows the Record tab and asks for a prompts file there */
    static Menu of(
            DatasetsView datasets,
            RecentImports recent,
            Runnable openPrompts,
            Stage stage,
            AppContext ctx,
            Runnable reloadDatasets) {
        datasets.setOnImportChosen(r -> recent.add(r.source()));
        MenuItem importItem = new MenuItem("Import dataset…");
        importItem.setId("menu-import");
        importItem.setAccelerator(KeyCombination.keyCombination("Shortcut+O"));
        importItem.setOnAction(e -> datasets.chooseImport(null));
        MenuItem longRecording = new MenuItem("Import long recording…");
        longRecording.setId("menu-import-long");
        longRecording.setAccelerator(KeyCombination.keyCombination("Shortcut+Shift+O"));
        longRecording.setOnAction(
                e ->
                        LongRecordingDialog.show(
                                stage,
                                ctx,
                                Assets.locate().map(a -> a.resolve("demo-model")).orElse(null),
                                name -> reloadDatasets.run()));
        MenuItem export = new MenuItem("Export selected dataset…");
        export.setId("menu-export");
        export.setOnAction(e -> datasets.exportSelected());
        Menu openRecent = new Menu("Open recent");
        openRecent.setId("menu-recent");
        // Filled when shown, so an import made a moment ago is there.
        openRecent.setOnShowing(e -> fillRecent(openRecent, recent, datasets));
        fillRecent(openRecent, recent, datasets);
        MenuItem prompts = new MenuItem("Open prompts…");
        prompts.setId("menu-open-prompts");
        prompts.setOnAction(e -> openPrompts.run());
        MenuItem quit = new MenuItem("Quit");
        quit.setId("menu-quit");
        quit.setAccelerator(KeyCombination.keyCombination("Shortcut+Q"));
        quit.setOnAction(e -> stage.close());
        Menu menu =
                new Menu(
                        "File",
                        null,
                        importItem,
                        longRecording,
                        openRecent,
                        export,
                        prompts,
                        new SeparatorMenuItem(),
                        quit);
        menu.setId("menu-file");
        return menu;
    }

    private static void fillRecent(Menu openRecent, RecentImports recent, DatasetsView datasets) {
        openRecent.getItems().clear();
        for (Path p : recent.list()) {
            MenuItem item = new MenuItem(p.toString());
            item.setOnAction(e -> datasets.chooseImport(p));
            openRecent.getItems().add(item);
        }
        if (openRecent.getItems().isEmpty()) {
            MenuItem none = new MenuItem("(nothing imported yet)");
            none.setDisable(true);
            openRecent.getItems().add(none);
        }
    }
}
