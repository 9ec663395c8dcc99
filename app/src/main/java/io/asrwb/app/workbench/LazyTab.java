package io.asrwb.app.workbench;

import java.util.function.Supplier;
import javafx.scene.Node;
import javafx.scene.control.Tab;

/**
 * A tab whose view is built the first time the tab is selected. Start-up then styles and lays out
 * only the first tab's view; the others (a property sheet of every config field, four charts,
 * the transcribe view) cost nothing until the user goes there. Their view models exist from the
 * start, so nothing they track is missed.
 */
final class LazyTab {

    private LazyTab() {}

    static Tab of(String title, Supplier<? extends Node> view) {
        Tab tab = new Tab(title);
        Runnable build =
                () -> {
                    if (tab.getContent() == null) {
                        tab.setContent(view.get());
                    }
                };
        tab.selectedProperty()
                .addListener(
                        (o, was, now) -> {
                            if (now) {
                                build.run();
                            }
                        });
        if (tab.isSelected()) {
            build.run();
        }
        return tab;
    }
}
