package io.asrwb.app.training;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import java.util.function.Supplier;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The runs of the catalog as the dashboard lists them: the selected run's checkpoints, and which
 * runs are overlaid on the charts beside the live one.
 */
final class RunList {

    private final RunHistory history;
    private final StringProperty status;
    private final Supplier<RunSeries> live;
    private final Predicate<String> isLive;
    final ObservableList<RunRow> runs = FXCollections.observableArrayList();
    final ObjectProperty<RunRow> selected = new SimpleObjectProperty<>();
    final ObservableList<CheckpointRow> checkpoints = FXCollections.observableArrayList();
    final ObservableList<RunSeries> shownSeries = FXCollections.observableArrayList();
    private final Map<Long, BooleanProperty> overlaid = new HashMap<>();

    /**
     * @param live the live run's series, null when none
     * @param isLive whether a run folder is the one being trained now
     */
    RunList(
            RunHistory history,
            StringProperty status,
            Supplier<RunSeries> live,
            Predicate<String> isLive) {
        this.history = history;
        this.status = status;
        this.live = live;
        this.isLive = isLive;
        selected.addListener((o, was, now) -> loadCheckpoints());
    }

    BooleanProperty overlaidProperty(RunRow run) {
        return overlaid.computeIfAbsent(
                run.id(),
                id -> {
                    BooleanProperty p = new SimpleBooleanProperty();
                    p.addListener((o, was, now) -> showOverlays());
                    return p;
                });
    }

    /** Reads the runs again, keeping the selection. */
    void refresh() {
        RunRow kept = selected.get();
        runs.setAll(history.runs(isLive));
        if (kept != null) {
            selected.set(runs.stream().filter(r -> r.id() == kept.id()).findFirst().orElse(null));
        }
    }

    /** Selects the run of {@code runDir} when it is listed. */
    void select(String runDir) {
        runs.stream().filter(r -> r.runDir().equals(runDir)).findFirst().ifPresent(selected::set);
    }

    /** The live run (first, when there is one) and the overlaid runs onto the charts. */
    void showOverlays() {
        RunSeries now = live.get();
        List<RunSeries> shown = new ArrayList<>();
        if (now != null) {
            shown.add(now);
        }
        for (RunRow run : runs) {
            BooleanProperty on = overlaid.get(run.id());
            if (on != null && on.get() && (now == null || !run.runDir().equals(now.runDir()))) {
                shown.add(history.series(run, false, Long.MAX_VALUE));
            }
        }
        shownSeries.setAll(shown);
    }

    void loadCheckpoints() {
        RunRow run = selected.get();
        if (run == null) {
            checkpoints.clear();
            return;
        }
        try {
            checkpoints.setAll(RunHistory.checkpoints(Path.of(run.runDir())));
        } catch (IOException e) {
            checkpoints.clear();
            status.set("cannot read the checkpoints of " + run.runDir() + ": " + e.getMessage());
        }
    }

    /** The step of the newest checkpoint of a run folder, 0 when none can be read. */
    static long lastCheckpointStep(Path runDir) {
        try {
            List<CheckpointRow> rows = RunHistory.checkpoints(runDir);
            return rows.isEmpty() ? 0 : rows.get(rows.size() - 1).step();
        } catch (IOException e) {
            return 0;
        }
    }
}
