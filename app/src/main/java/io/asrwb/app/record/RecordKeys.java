package io.asrwb.app.record;

import javafx.scene.Node;
import javafx.scene.control.TextInputControl;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;

/**
 * The Record tab's keys: Space held records (the Transcribe tab's push-to-talk key), P plays the
 * take, R drops it to record again, Enter keeps it, S skips the prompt. While the dataset or
 * speaker field has the focus, keys type there; Enter there hands the focus back to the tab.
 */
final class RecordKeys {

    private RecordKeys() {}

    static void install(Node view, RecordViewModel vm) {
        view.addEventFilter(
                KeyEvent.KEY_PRESSED,
                e -> {
                    if (e.getTarget() instanceof TextInputControl
                            || isInsideTextInput(e.getTarget())) {
                        if (e.getCode() == KeyCode.ENTER) {
                            view.requestFocus();
                            e.consume();
                        }
                        return;
                    }
                    if (e.isShortcutDown() || e.isAltDown()) {
                        return; // menu accelerators pass
                    }
                    boolean handled = true;
                    switch (e.getCode()) {
                        case SPACE -> vm.pressed();
                        case P -> vm.play();
                        case R -> vm.rerecord();
                        case ENTER -> vm.accept();
                        case S -> vm.skip();
                        default -> handled = false;
                    }
                    if (handled) {
                        e.consume();
                    }
                });
        view.addEventFilter(
                KeyEvent.KEY_RELEASED,
                e -> {
                    // Released wherever the focus went meanwhile: a take never keeps running.
                    if (e.getCode() == KeyCode.SPACE && vm.recordingProperty().get()) {
                        vm.released();
                        e.consume();
                    }
                });
    }

    /** An editable combo box's key events target the box, not its text field. */
    private static boolean isInsideTextInput(Object target) {
        return target instanceof javafx.scene.control.ComboBox<?> box && box.isEditable();
    }
}
