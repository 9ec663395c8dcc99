package io.asrwb.app.errors;

import io.asrwb.app.AppContext;
import io.asrwb.app.tasks.TaskContext;
import io.asrwb.app.tasks.TaskHandlers;
import io.asrwb.app.tasks.TaskState;
import io.asrwb.app.words.ClipRequest;
import io.asrwb.engine.analysis.Change;
import io.asrwb.engine.analysis.ScoredUtterance;
import io.asrwb.engine.data.SplitChoice;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * Decodes a split with checkpoints A and B off the FX thread (each half of the progress bar, cancel
 * between chunks), then lists the utterances regressed, improved and unchanged, filtered by {@link
 * #filterProperty()} (null: all), with the WER difference and its paired bootstrap interval.
 */
public final class CompareViewModel {

    private final AppContext ctx;
    private final StringProperty dataset = new SimpleStringProperty("");
    private final ObjectProperty<SplitChoice> split = new SimpleObjectProperty<>(SplitChoice.TEST);
    private final ObjectProperty<Path> modelA = new SimpleObjectProperty<>();
    private final ObjectProperty<Path> modelB = new SimpleObjectProperty<>();
    private final ObjectProperty<Change> filter = new SimpleObjectProperty<>();
    private final ObjectProperty<Comparison> comparison = new SimpleObjectProperty<>();
    private final ObservableList<CompareRow> rows = FXCollections.observableArrayList();
    private final StringProperty verdict = new SimpleStringProperty("");
    private final TaskState task = new TaskState();
    private Consumer<ClipRequest> openClip = r -> {};
    private ClipRequest.Source compared;

    public CompareViewModel(AppContext ctx) {
        this.ctx = ctx;
        filter.addListener((o, was, now) -> showRows());
        comparison.addListener((o, was, now) -> showRows());
    }

    /** Decodes the split with A, then with B, and compares them utterance by utterance. */
    public void compare() {
        Path a = modelA.get();
        Path b = modelB.get();
        String name = dataset.get();
        SplitChoice chosen = split.get();
        if (a == null || b == null || name == null || name.isBlank()) {
            task.setStatus("Choose a dataset and checkpoints A and B first");
            return;
        }
        task.run(
                ctx.tasks(),
                "Compare on " + name + "/" + chosen.key(),
                "Comparing on " + name + "/" + chosen.key() + "…",
                context ->
                        Comparison.of(
                                scores(name, chosen, a, half(context, 0, "A")),
                                scores(name, chosen, b, half(context, 1, "B"))),
                TaskHandlers.<Comparison>of(
                        c -> {
                            compared = new ClipRequest.Source(name, chosen, b);
                            show(c);
                        },
                        "Comparison"));
    }

    /** Stops a comparison between two chunks of utterances. */
    public void cancel() {
        task.cancel();
    }

    private List<ScoredUtterance> scores(
            String name, SplitChoice chosen, Path checkpoint, TaskContext context)
            throws java.io.IOException {
        return SplitScorer.score(ctx.catalog(), name, chosen, checkpoint, context).stream()
                .map(ErrorRow::scored)
                .toList();
    }

    /** A's decoding fills the first half of the bar, B's the second. */
    private static TaskContext half(TaskContext whole, int which, String label) {
        return new TaskContext() {
            @Override
            public void progress(long done, long total, String message) {
                whole.progress(which * total + done, 2 * total, label + " " + message);
            }

            @Override
            public boolean isCancelled() {
                return whole.isCancelled();
            }
        };
    }

    /**
     * Opens a row's clip where the app shows clips with their words (the Datasets view), B's first
     * wrong word selected (A's when B has none); words are aligned with B when none are stored.
     */
    public void open(CompareRow row) {
        if (row != null && compared != null) {
            ScoredUtterance wrong = row.b().wordErrors() > 0 ? row.b() : row.a();
            openClip.accept(compared.request(row.id(), wrong.edits()));
        }
    }

    /** Where {@link #open} sends a clip. */
    public void setOpenClip(Consumer<ClipRequest> open) {
        this.openClip = open;
    }

    private void show(Comparison c) {
        comparison.set(c);
        verdict.set(c.bootstrap().describe());
        task.setStatus(
                String.format(
                        Locale.ROOT,
                        "WER A %.2f %%, B %.2f %%: %d improved, %d regressed, %d unchanged",
                        100 * c.werA(),
                        100 * c.werB(),
                        c.count(Change.IMPROVED),
                        c.count(Change.REGRESSED),
                        c.count(Change.UNCHANGED)));
    }

    private void showRows() {
        Comparison c = comparison.get();
        Change only = filter.get();
        rows.setAll(
                c == null
                        ? List.of()
                        : c.rows().stream()
                                .filter(r -> only == null || r.change() == only)
                                .toList());
    }

    public StringProperty datasetProperty() {
        return dataset;
    }

    public ObjectProperty<SplitChoice> splitProperty() {
        return split;
    }

    public ObjectProperty<Path> modelAProperty() {
        return modelA;
    }

    public ObjectProperty<Path> modelBProperty() {
        return modelB;
    }

    /** Which change to list; null lists all. */
    public ObjectProperty<Change> filterProperty() {
        return filter;
    }

    public ObjectProperty<Comparison> comparisonProperty() {
        return comparison;
    }

    public ObservableList<CompareRow> rows() {
        return rows;
    }

    /** The WER difference, its interval and whether it is significant, in one line. */
    public StringProperty verdictProperty() {
        return verdict;
    }

    public ReadOnlyBooleanProperty busyProperty() {
        return task.busyProperty();
    }

    public ReadOnlyDoubleProperty progressProperty() {
        return task.progressProperty();
    }

    public ReadOnlyStringProperty statusProperty() {
        return task.statusProperty();
    }
}
