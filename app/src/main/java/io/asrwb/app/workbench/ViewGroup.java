package io.asrwb.app.workbench;

import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.input.KeyCombination;

/** The main window's groups of views, in the order of the work: Ctrl+1 … Ctrl+4 show them. */
enum ViewGroup {
    DATA("Data", KeyCode.DIGIT1),
    TRAIN("Train", KeyCode.DIGIT2),
    EVALUATE("Evaluate", KeyCode.DIGIT3),
    REMOTE("Remote", KeyCode.DIGIT4);

    private final String title;
    private final KeyCode key;

    ViewGroup(String title, KeyCode key) {
        this.title = title;
        this.key = key;
    }

    String title() {
        return title;
    }

    KeyCombination accelerator() {
        return new KeyCodeCombination(key, KeyCombination.SHORTCUT_DOWN);
    }
}
