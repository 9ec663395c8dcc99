package io.asrwb.app.datasets;

import io.asrwb.engine.store.CurationState;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.function.BiFunction;
import java.util.function.LongSupplier;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.StringProperty;

/**
 * The datasets view's curation edits: flag, exclude, edit a transcript, note; each one undoable
 * command, on disk when the call returns, and the table's rows replaced by what was saved; undo and
 * redo with what they would do in words.
 */
public final class CurationActions {

    private final CurationEditor editor;
    private final UtteranceTable table;
    private final StringProperty status;
    private final LongSupplier currentDatasetId;
    private final Runnable refreshStats;

    /**
     * @param currentDatasetId the selected dataset's id (-1 when none): an undo of another
     *     dataset's edit leaves the table alone
     * @param refreshStats recounts the selected dataset after an edit
     */
    CurationActions(
            CurationEditor editor,
            UtteranceTable table,
            StringProperty status,
            LongSupplier currentDatasetId,
            Runnable refreshStats) {
        this.editor = editor;
        this.table = table;
        this.status = status;
        this.currentDatasetId = currentDatasetId;
        this.refreshStats = refreshStats;
    }

    public void setFlagged(UtteranceRow row, boolean flagged) {
        setFlagged(List.of(row), flagged);
    }

    public void setExcluded(UtteranceRow row, boolean excluded) {
        setExcluded(List.of(row), excluded);
    }

    /** Bulk flag or unflag (a selection of rows is one undo step). */
    public void setFlagged(Collection<UtteranceRow> rows, boolean flagged) {
        edit(
                (flagged ? "flag " : "unflag ") + count(rows),
                rows,
                (r, c) ->
                        new CurationState(
                                c.uttId(),
                                flagged,
                                c.excluded(),
                                c.editedTranscript(),
                                c.note(),
                                c.who(),
                                c.when()));
    }

    /** Bulk exclude or include (a selection of rows is one undo step). */
    public void setExcluded(Collection<UtteranceRow> rows, boolean excluded) {
        edit(
                (excluded ? "exclude " : "include ") + count(rows),
                rows,
                (r, c) ->
                        new CurationState(
                                c.uttId(),
                                c.flagged(),
                                excluded,
                                c.editedTranscript(),
                                c.note(),
                                c.who(),
                                c.when()));
    }

    /** Saves an edited transcript; editing back to the imported text clears the edit. */
    public void editTranscript(UtteranceRow row, String text) {
        String edited = text == null || text.equals(row.importedTranscript()) ? null : text;
        edit(
                "transcript edit of " + row.id(),
                List.of(row),
                (r, c) ->
                        new CurationState(
                                c.uttId(),
                                c.flagged(),
                                c.excluded(),
                                edited,
                                c.note(),
                                c.who(),
                                c.when()));
    }

    /**
     * {@link #editTranscript(UtteranceRow, String)} by id, for views that list utterances of the
     * open dataset without its rows (the re-label queue); one undo step like any other edit.
     *
     * @return false when the open dataset has no utterance with this id
     */
    public boolean editTranscript(String uttId, String text) {
        Optional<UtteranceRow> row = table.byId(uttId);
        row.ifPresent(r -> editTranscript(r, text));
        return row.isPresent();
    }

    public void setNote(UtteranceRow row, String note) {
        String n = note == null ? "" : note.strip();
        edit(
                "note on " + row.id(),
                List.of(row),
                (r, c) ->
                        new CurationState(
                                c.uttId(),
                                c.flagged(),
                                c.excluded(),
                                c.editedTranscript(),
                                n,
                                c.who(),
                                c.when()));
    }

    public void undo() {
        editor.undo().ifPresent(c -> show(c, "Undone: "));
    }

    public void redo() {
        editor.redo().ifPresent(c -> show(c, "Redone: "));
    }

    public ReadOnlyBooleanProperty canUndoProperty() {
        return editor.history().canUndoProperty();
    }

    public ReadOnlyBooleanProperty canRedoProperty() {
        return editor.history().canRedoProperty();
    }

    public ReadOnlyStringProperty undoTextProperty() {
        return editor.history().undoTextProperty();
    }

    public ReadOnlyStringProperty redoTextProperty() {
        return editor.history().redoTextProperty();
    }

    private void edit(
            String description,
            Collection<UtteranceRow> rows,
            BiFunction<UtteranceRow, CurationState, CurationState> decide) {
        try {
            editor.edit(description, rows, decide).ifPresent(c -> show(c, ""));
        } catch (RuntimeException e) {
            status.set("Could not save the edit: " + BackgroundJobs.message(e));
        }
    }

    private void show(CurationCommand c, String prefix) {
        if (c.datasetId() != currentDatasetId.getAsLong()) {
            return;
        }
        List<UtteranceRow> changed = new ArrayList<>(c.changes().size());
        for (CurationChange ch : c.changes()) {
            table.byId(ch.uttId()).ifPresent(r -> changed.add(r.withCuration(ch.after())));
        }
        table.replace(changed);
        status.set(
                prefix.isEmpty()
                        ? capitalised(c.description()) + " — saved"
                        : prefix + c.description());
        refreshStats.run();
    }

    private static String count(Collection<?> rows) {
        return rows.size() == 1 ? "1 utterance" : rows.size() + " utterances";
    }

    private static String capitalised(String s) {
        return s.isEmpty() ? s : Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }
}
