package io.asrwb.app.record;

import javafx.beans.value.ChangeListener;
import javafx.scene.Node;

/**
 * Keeps the microphone open while a view is on screen: a tab pane hides the content of the tabs
 * not selected, and a closed window hides everything. An armed line keeps the capture's pre-roll,
 * so the first syllable after the key goes down is not lost to the sound server's start-up.
 */
final class ShownArming {

    private ShownArming() {}

    static void install(Node view, Runnable arm, Runnable disarm) {
        Runnable update =
                () -> {
                    boolean shown =
                            // a scene's root has no parent; a tab's content is hidden with it
                            (view.getParent() == null || view.getParent().isVisible())
                                    && view.getScene() != null
                                    && view.getScene().getWindow() != null
                                    && view.getScene().getWindow().isShowing();
                    (shown ? arm : disarm).run();
                };
        ChangeListener<Boolean> onChange = (o, a, b) -> update.run();
        view.parentProperty()
                .addListener(
                        (o, oldParent, parent) -> {
                            if (oldParent != null) {
                                oldParent.visibleProperty().removeListener(onChange);
                            }
                            if (parent != null) {
                                parent.visibleProperty().addListener(onChange);
                            }
                            update.run();
                        });
        view.sceneProperty()
                .addListener(
                        (o, a, scene) -> {
                            if (scene != null) {
                                scene.windowProperty()
                                        .addListener(
                                                (ow, aw, window) -> {
                                                    if (window != null) {
                                                        window.showingProperty()
                                                                .addListener(onChange);
                                                    }
                                                    update.run();
                                                });
                                if (scene.getWindow() != null) {
                                    scene.getWindow().showingProperty().addListener(onChange);
                                }
                            }
                            update.run();
                        });
    }
}
