package io.asrwb.app.datasets;

import io.asrwb.engine.store.Catalog;
import io.asrwb.engine.store.CurationRepository;
import io.asrwb.engine.store.CurationState;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.BiFunction;

/**
 * Turns curation edits into commands, writes them to the catalog in one transaction each (undo
 * and redo too, so nothing is lost when the app dies) and keeps the undo history of the open
 * dataset. The history starts empty whenever another dataset is opened.
 */
final class CurationEditor {

    private final Catalog catalog;
    private final Clock clock;
    private final String user;
    private final CurationHistory history = new CurationHistory();
    private final Map<String, CurationState> states = new HashMap<>();
    private long datasetId = -1;

    CurationEditor(Catalog catalog, Clock clock, String user) {
        this.catalog = catalog;
        this.clock = clock;
        this.user = user;
    }

    CurationHistory history() {
        return history;
    }

    /**
     * Starts editing a dataset whose curation rows are {@code current}.
     *
     * @param keepHistory true when the same dataset was only reloaded (after an audio check)
     */
    void open(long id, Map<String, CurationState> current, boolean keepHistory) {
        if (!keepHistory || id != datasetId) {
            history.clear();
        }
        datasetId = id;
        states.clear();
        states.putAll(current);
    }

    void close() {
        open(-1, Map.of(), false);
    }

    /**
     * Applies {@code decide} to each row's current state (an untouched state when it has none),
     * writes the rows it changed and records them as one undoable command.
     *
     * @return the command written; empty when nothing changed (every row was already so)
     */
    Optional<CurationCommand> edit(
            String description,
            Collection<UtteranceRow> rows,
            BiFunction<UtteranceRow, CurationState, CurationState> decide) {
        if (datasetId < 0) {
            return Optional.empty();
        }
        var now = clock.instant();
        List<CurationChange> changes = new ArrayList<>();
        for (UtteranceRow row : rows) {
            CurationState before = states.get(row.id());
            CurationState base =
                    before != null ? before : CurationState.untouched(row.id(), user, now);
            CurationState decided = decide.apply(row, base);
            CurationState after =
                    isUntouched(decided)
                            ? null
                            : new CurationState(
                                    row.id(),
                                    decided.flagged(),
                                    decided.excluded(),
                                    decided.editedTranscript(),
                                    decided.note(),
                                    user,
                                    now);
            if (!sameDecision(before, after)) {
                changes.add(new CurationChange(row.id(), before, after));
            }
        }
        if (changes.isEmpty()) {
            return Optional.empty();
        }
        CurationCommand command = new CurationCommand(description, datasetId, changes);
        write(command);
        history.done(command);
        return Optional.of(command);
    }

    /** Reverts the newest command in the catalog; returns the changes as written (after = restored state). */
    Optional<CurationCommand> undo() {
        return history.takeUndo()
                .map(
                        c -> {
                            CurationCommand inverse = c.inverse();
                            write(inverse);
                            return inverse;
                        });
    }

    Optional<CurationCommand> redo() {
        return history.takeRedo()
                .map(
                        c -> {
                            write(c);
                            return c;
                        });
    }

    private void write(CurationCommand c) {
        catalog.transaction(
                conn -> {
                    CurationRepository repo = new CurationRepository(conn);
                    for (CurationChange ch : c.changes()) {
                        if (ch.after() == null) {
                            repo.clear(c.datasetId(), ch.uttId());
                        } else {
                            repo.save(c.datasetId(), ch.after());
                        }
                    }
                    return null;
                });
        if (c.datasetId() == datasetId) {
            for (CurationChange ch : c.changes()) {
                if (ch.after() == null) {
                    states.remove(ch.uttId());
                } else {
                    states.put(ch.uttId(), ch.after());
                }
            }
        }
    }

    private static boolean isUntouched(CurationState s) {
        return !s.flagged() && !s.excluded() && s.editedTranscript() == null && s.note().isEmpty();
    }

    private static boolean sameDecision(CurationState a, CurationState b) {
        if (a == null || b == null) {
            return a == null && b == null;
        }
        return a.flagged() == b.flagged()
                && a.excluded() == b.excluded()
                && Objects.equals(a.editedTranscript(), b.editedTranscript())
                && a.note().equals(b.note());
    }
}
