package io.asrwb.app.workbench;

import io.asrwb.app.AppContext;
import io.asrwb.app.record.RecordView;
import io.asrwb.app.record.RecordViewModel;
import java.nio.file.Path;
import javafx.application.Platform;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;

/**
 * The Record tab, built when first shown, and File > Open prompts…, which brings it to the front
 * and asks for the file there.
 */
final class RecordTab {

    private final Tab tab;

    private RecordTab(Tab tab) {
        this.tab = tab;
    }

    /** @param recordingsRoot where datasets first made by recording keep their clips */
    static RecordTab create(AppContext ctx, Path recordingsRoot) {
        RecordViewModel vm = new RecordViewModel(ctx, Platform::runLater, recordingsRoot);
        return new RecordTab(LazyTab.of("Record", () -> new RecordView(vm)));
    }

    Tab tab() {
        return tab;
    }

    /** Shows the tab (building its view) and opens the prompts chooser on it. */
    void openPrompts() {
        TabPane pane = tab.getTabPane();
        if (pane != null) {
            pane.getSelectionModel().select(tab);
        }
        if (tab.getContent() instanceof RecordView view) {
            view.choosePrompts();
        }
    }
}
