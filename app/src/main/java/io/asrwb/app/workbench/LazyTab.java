package io.asrwb.app.workbench;

import java.util.function.Supplier;
import javafx.scene.Node;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;

/**
 * A tab whose view is built the first time the tab is shown: selected in a tab pane that is in a
 * window (each group of {@link Navigation} has its own pane, selected tab and all). Start-up then
 * styles and lays out only the first view; the others (a property sheet of every config field,
 * four charts, the transcribe view) cost nothing until the user goes there. Their view models
 * exist from the start, so nothing they track is missed.
 */
final class LazyTab {

    private LazyTab() {}

    static Tab of(String title, Supplier<? extends Node> view) {
        Tab tab = new Tab(title);
        Runnable build =
                () -> {
                    TabPane pane = tab.getTabPane();
                    if (tab.getContent() == null
                            && tab.isSelected()
                            && pane != null
                            && pane.getScene() != null) {
                        tab.setContent(view.get());
                    }
                };
        tab.selectedProperty().addListener((o, was, now) -> build.run());
        tab.tabPaneProperty()
                .addListener(
                        (o, was, now) -> {
                            if (now != null) {
                                now.sceneProperty().addListener((s, a, b) -> build.run());
                            }
                            build.run();
                        });
        return tab;
    }
}
