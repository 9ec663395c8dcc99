package io.asrwb.app.layout;

import javafx.application.Platform;
import javafx.scene.Scene;
import javafx.scene.control.SplitPane;
import javafx.stage.Window;

/**
 * Divider positions that hold at the window's real size. A split pane laid out first at its
 * content's preferred size and then fitted to the window keeps neither fraction; these are set
 * again once the window shows, after which the user's drags are left alone.
 */
public final class Dividers {

    private Dividers() {}

    /** Sets {@code positions} now and again once the window holding {@code split} is shown. */
    public static void atFirstShow(SplitPane split, double... positions) {
        split.setDividerPositions(positions);
        Runnable apply = () -> Platform.runLater(() -> split.setDividerPositions(positions));
        split.sceneProperty()
                .addListener(
                        (o, was, scene) -> {
                            if (scene != null && was == null) {
                                whenShown(scene, apply);
                            }
                        });
        if (split.getScene() != null) {
            whenShown(split.getScene(), apply);
        }
    }

    private static void whenShown(Scene scene, Runnable action) {
        Window w = scene.getWindow();
        if (w != null && w.isShowing()) {
            action.run();
            return;
        }
        Runnable[] once = {action};
        Runnable fire =
                () -> {
                    if (once[0] != null) {
                        Runnable a = once[0];
                        once[0] = null;
                        a.run();
                    }
                };
        scene.windowProperty()
                .addListener(
                        (o, was, now) -> {
                            if (now != null) {
                                now.showingProperty()
                                        .addListener(
                                                (s, a, showing) -> {
                                                    if (showing) {
                                                        fire.run();
                                                    }
                                                });
                                if (now.isShowing()) {
                                    fire.run();
                                }
                            }
                        });
        if (w != null) {
            w.showingProperty()
                    .addListener(
                            (s, a, showing) -> {
                                if (showing) {
                                    fire.run();
                                }
                            });
        }
    }
}
