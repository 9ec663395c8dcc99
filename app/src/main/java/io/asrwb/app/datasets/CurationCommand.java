package io.asrwb.app.datasets;

import java.util.List;

/**
 * One undoable curation edit: a single toggle, a transcript or note edit, or a bulk action over a
 * selection. Applying writes every {@code after}; {@link #inverse} writes every {@code before}.
 *
 * @param description what the user did, for the undo/redo buttons ("Flag 12 utterances")
 */
public record CurationCommand(String description, long datasetId, List<CurationChange> changes) {

    public CurationCommand {
        changes = List.copyOf(changes);
    }

    CurationCommand inverse() {
        return new CurationCommand(
                description, datasetId, changes.stream().map(CurationChange::reversed).toList());
    }
}
