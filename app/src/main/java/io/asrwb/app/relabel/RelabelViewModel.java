package io.asrwb.app.relabel;

import io.asrwb.app.AppContext;
import io.asrwb.app.datasets.DatasetsViewModel;
import io.asrwb.app.tasks.TaskCallbacks;
import io.asrwb.app.waveform.WaveformViewModel;
import io.asrwb.engine.data.SplitChoice;
import io.asrwb.engine.relabel.RelabelCandidate;
import io.asrwb.engine.relabel.RelabelQueue;
import io.asrwb.engine.store.DatasetSummary;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The re-label queue of the dataset open in the Datasets tab, reviewed one clip at a time: accept
 * the offered hypothesis, edit by hand, skip, play, undo. Accepted and edited transcripts go
 * through the Datasets tab's curation (saved at once, in its undo history, in the next export);
 * skipped clips leave the queue for this session.
 */
public final class RelabelViewModel {

    /** Clips listed at once; the queue is worked from the top. */
    static final int LIMIT = 200;

    /**
     * One step of the review, for Ctrl+Z.
     *
     * @param written true for an accept or edit (undone through the curation history), false for a
     *                skip
     */
    private record Done(String uttId, boolean written) {}

    private final AppContext ctx;
    private final DatasetsViewModel datasets;
    private final WaveformViewModel player;
    private final ObservableList<RelabelCandidate> rows = FXCollections.observableArrayList();
    private final ObjectProperty<RelabelCandidate> selected = new SimpleObjectProperty<>();
    private final ObjectProperty<SplitChoice> split = new SimpleObjectProperty<>(SplitChoice.ALL);
    private final StringProperty status = new SimpleStringProperty("");
    private final BooleanProperty busy = new SimpleBooleanProperty();
    private final Set<String> skipped = new HashSet<>();
    private final Deque<Done> done = new ArrayDeque<>();
    private boolean playWhenLoaded;
    private boolean following;

    /**
     * @param datasets whose selected dataset is reviewed and whose curation takes the edits
     * @param player   plays clips (P)
     */
    public RelabelViewModel(AppContext ctx, DatasetsViewModel datasets, WaveformViewModel player) {
        this.ctx = ctx;
        this.datasets = datasets;
        this.player = player;
        player.audioProperty()
                .addListener(
                        (o, was, now) -> {
                            if (now != null && playWhenLoaded) {
                                playWhenLoaded = false;
                                player.play();
                            }
                        });
        player.messageProperty()
                .addListener(
                        (o, was, now) -> {
                            if (now != null && !now.isBlank()) {
                                status.set(now);
                            }
                        });
    }

    public ObservableList<RelabelCandidate> rows() {
        return rows;
    }

    public ObjectProperty<RelabelCandidate> selectedProperty() {
        return selected;
    }

    /** {@link SplitChoice#ALL} for every clip, whatever its split. */
    public ObjectProperty<SplitChoice> splitProperty() {
        return split;
    }

    public StringProperty statusProperty() {
        return status;
    }

    public BooleanProperty busyProperty() {
        return busy;
    }

    /** Reads the queue again (off the FX thread); from then on follows the Datasets selection. */
    public void refresh() {
        refresh(null);
    }

    private void refresh(String keep) {
        if (!following) {
            following = true;
            datasets.selectedProperty().addListener((o, was, now) -> refresh(null));
            split.addListener((o, was, now) -> refresh(null));
        }
        DatasetSummary d = datasets.selectedProperty().get();
        if (d == null) {
            rows.clear();
            selected.set(null);
            status.set("No dataset: import or choose one in the Datasets tab");
            return;
        }
        long id = d.dataset().id();
        SplitChoice only = split.get();
        int wanted = LIMIT + skipped.size();
        busy.set(true);
        ctx.tasks()
                .run(
                        "Re-label queue",
                        c -> ctx.catalog().read(conn -> RelabelQueue.of(conn, id, only, wanted)),
                        TaskCallbacks.<List<RelabelCandidate>>of(
                                q -> show(d, q, keep),
                                e -> {
                                    busy.set(false);
                                    status.set(
                                            "Could not read the re-label queue: " + e.getMessage());
                                }));
    }

    private void show(DatasetSummary d, List<RelabelCandidate> queue, String keep) {
        busy.set(false);
        List<RelabelCandidate> open =
                queue.stream().filter(c -> !skipped.contains(key(c.uttId()))).limit(LIMIT).toList();
        rows.setAll(open);
        selected.set(
                open.stream()
                        .filter(c -> c.uttId().equals(keep))
                        .findFirst()
                        .orElse(open.isEmpty() ? null : open.get(0)));
        if (keep == null) {
            status.set(
                    open.isEmpty()
                            ? "Nothing to re-label in "
                                    + d.dataset().name()
                                    + ": evaluate a checkpoint (Errors tab) or align the split"
                                    + " first"
                            : open.size()
                                    + " clips to review in "
                                    + d.dataset().name()
                                    + ", most doubtful first");
        }
    }

    /** Enter / A: the offered hypothesis becomes the transcript. */
    public void accept() {
        RelabelCandidate c = selected.get();
        if (c == null) {
            return;
        }
        if (c.hypothesis().isBlank()) {
            status.set("No hypothesis for " + c.uttId() + ": no eval decoded it; E edits by hand");
            return;
        }
        write(c, c.hypothesis(), "Accepted");
    }

    /** E, then Enter: a transcript typed by hand. */
    public void edit(String text) {
        RelabelCandidate c = selected.get();
        if (c == null || text == null || text.isBlank()) {
            return;
        }
        write(c, text.strip(), "Edited");
    }

    /** S / Space: off the queue for this session, transcript kept. */
    public void skip() {
        RelabelCandidate c = selected.get();
        if (c == null) {
            return;
        }
        skipped.add(key(c.uttId()));
        done.push(new Done(c.uttId(), false));
        removeAndAdvance(c);
        status.set("Skipped " + c.uttId() + " for this session (Ctrl+Z brings it back)");
    }

    /** Ctrl+Z: takes back the last accept, edit or skip; the clip is selected again. */
    public void undo() {
        Done d = done.poll();
        if (d == null) {
            status.set("Nothing to undo in the re-label queue");
            return;
        }
        if (d.written()) {
            datasets.curation().undo();
        } else {
            skipped.remove(key(d.uttId()));
        }
        status.set("Undone: " + d.uttId() + " is back in the queue");
        refresh(d.uttId());
    }

    /** P: plays the selected clip. */
    public void play() {
        RelabelCandidate c = selected.get();
        DatasetSummary d = datasets.selectedProperty().get();
        if (c == null || d == null) {
            return;
        }
        status.set("Playing " + c.uttId());
        playWhenLoaded = true;
        player.load(Path.of(d.dataset().root()).resolve(c.audio()));
    }

    private void write(RelabelCandidate c, String text, String verb) {
        if (!datasets.curation().editTranscript(c.uttId(), text)) {
            status.set(
                    c.uttId()
                            + " is not in the dataset open in the Datasets tab; open it there and"
                            + " refresh");
            return;
        }
        done.push(new Done(c.uttId(), true));
        removeAndAdvance(c);
        status.set(verb + ": " + c.uttId() + " is now \"" + text + "\" (Ctrl+Z undoes)");
    }

    private void removeAndAdvance(RelabelCandidate c) {
        int at = rows.indexOf(c);
        rows.remove(c);
        selected.set(rows.isEmpty() ? null : rows.get(Math.max(0, Math.min(at, rows.size() - 1))));
    }

    private String key(String uttId) {
        DatasetSummary d = datasets.selectedProperty().get();
        return (d == null ? "" : d.dataset().id() + "/") + uttId;
    }
}
