package io.asrwb.app.datasets;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Optional;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;

/**
 * The undo and redo stacks of curation commands. It only keeps order; the view model writes each
 * command (or its inverse) to the catalog as it moves between the stacks.
 */
final class CurationHistory {

    /** Enough for a long session; the oldest edits fall off first. */
    static final int LIMIT = 500;

    private final Deque<CurationCommand> undo = new ArrayDeque<>();
    private final Deque<CurationCommand> redo = new ArrayDeque<>();
    private final ReadOnlyBooleanWrapper canUndo = new ReadOnlyBooleanWrapper();
    private final ReadOnlyBooleanWrapper canRedo = new ReadOnlyBooleanWrapper();
    private final ReadOnlyStringWrapper undoText = new ReadOnlyStringWrapper("Undo");
    private final ReadOnlyStringWrapper redoText = new ReadOnlyStringWrapper("Redo");

    /** A new edit was applied: it can be undone, and what was undone before can no longer be redone. */
    void done(CurationCommand c) {
        undo.push(c);
        if (undo.size() > LIMIT) {
            undo.removeLast();
        }
        redo.clear();
        update();
    }

    /** The command to revert, now moved to the redo stack. */
    Optional<CurationCommand> takeUndo() {
        CurationCommand c = undo.poll();
        if (c != null) {
            redo.push(c);
        }
        update();
        return Optional.ofNullable(c);
    }

    /** The command to apply again, now moved back to the undo stack. */
    Optional<CurationCommand> takeRedo() {
        CurationCommand c = redo.poll();
        if (c != null) {
            undo.push(c);
        }
        update();
        return Optional.ofNullable(c);
    }

    void clear() {
        undo.clear();
        redo.clear();
        update();
    }

    ReadOnlyBooleanProperty canUndoProperty() {
        return canUndo.getReadOnlyProperty();
    }

    ReadOnlyBooleanProperty canRedoProperty() {
        return canRedo.getReadOnlyProperty();
    }

    ReadOnlyStringProperty undoTextProperty() {
        return undoText.getReadOnlyProperty();
    }

    ReadOnlyStringProperty redoTextProperty() {
        return redoText.getReadOnlyProperty();
    }

    private void update() {
        canUndo.set(!undo.isEmpty());
        canRedo.set(!redo.isEmpty());
        undoText.set(undo.isEmpty() ? "Undo" : "Undo " + undo.peek().description());
        redoText.set(redo.isEmpty() ? "Redo" : "Redo " + redo.peek().description());
    }
}
