package io.asrwb.app;

import javafx.beans.value.ChangeListener;
import javafx.scene.Node;

/**
 * Keeps the microphone open while a view is on screen: a tab pane hides the content of the tabs
 * not selected, and a closed window hides everything. An armed line keeps the capture's pre-roll,
 * so the first syllable after the key goes down is not lost to the sound server's start-up.
 */
public final class ShownArming {

    private ShownArming() {}

    /**
     * @param asSceneRoot whether {@code view} as a scene's root (no parent) counts as shown; false
     *     keeps the microphone closed in tests that show the view alone
     */
    public static void install(Node view, boolean asSceneRoot, Runnable arm, Runnable disarm) {
        Runnable update =
                () -> {
                    boolean shown =
                            // a scene's root has no parent; a tab's content is hidden with it
                            (view.getParent() == null ? asSceneRoot : view.getParent().isVisible())
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
