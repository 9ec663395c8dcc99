package io.asrwb.app.errors;

import io.asrwb.app.AppContext;
import io.asrwb.app.tasks.TaskHandlers;
import io.asrwb.app.tasks.TaskState;
import io.asrwb.app.words.ClipRequest;
import io.asrwb.engine.analysis.ErrorAnalysis;
import io.asrwb.engine.analysis.ErrorReport;
import io.asrwb.engine.data.SplitChoice;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;
import java.util.function.Consumer;
import java.util.stream.Collectors;
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
 * Evaluates a checkpoint on a dataset split off the FX thread and holds what the Errors tab shows:
 * the utterances most errors first, the selected one's word diff, and the corpus tables (most
 * frequent substitutions, per-word accuracy, WER by speaker, by duration bucket and by folder).
 */
public final class ErrorsViewModel {

    private final AppContext ctx;
    private final StringProperty dataset = new SimpleStringProperty("");
    private final ObjectProperty<SplitChoice> split = new SimpleObjectProperty<>(SplitChoice.TEST);
    private final ObjectProperty<Path> model = new SimpleObjectProperty<>();
    private final ObservableList<ErrorRow> rows = FXCollections.observableArrayList();
    private final ObjectProperty<ErrorRow> selected = new SimpleObjectProperty<>();
    private final ObjectProperty<ErrorReport> report = new SimpleObjectProperty<>();
    private final ObservableList<ErrorReport.Substitution> substitutions =
            FXCollections.observableArrayList();
    private final ObservableList<ErrorReport.WordAccuracy> words =
            FXCollections.observableArrayList();
    private final ObservableList<ErrorReport.GroupWer> speakers =
            FXCollections.observableArrayList();
    private final ObservableList<ErrorReport.GroupWer> durations =
            FXCollections.observableArrayList();
    private final ObservableList<ErrorReport.GroupWer> folders =
            FXCollections.observableArrayList();
    private final ObservableList<String> fields = FXCollections.observableArrayList();
    private final StringProperty byField = new SimpleStringProperty();
    private final ObservableList<ErrorReport.GroupWer> byFieldRows =
            FXCollections.observableArrayList();
    private List<ErrorRow> scoredRows = List.of();
    private final TaskState task = new TaskState();
    private Consumer<ClipRequest> openClip = r -> {};
    private ClipRequest.Source evaluated;

    public ErrorsViewModel(AppContext ctx) {
        this.ctx = ctx;
        byField.addListener((o, was, now) -> groupByField());
    }

    /** Decodes the chosen split with the chosen checkpoint, then fills the tables. */
    public void evaluate() {
        Path checkpoint = model.get();
        String name = dataset.get();
        SplitChoice chosen = split.get();
        if (checkpoint == null || name == null || name.isBlank()) {
            task.setStatus("Choose a dataset and a checkpoint first");
            return;
        }
        task.run(
                ctx.tasks(),
                "Evaluate " + name + "/" + chosen.key(),
                "Evaluating " + name + "/" + chosen.key() + "…",
                context -> SplitScorer.score(ctx.catalog(), name, chosen, checkpoint, context),
                TaskHandlers.<List<ErrorRow>>of(
                        rows -> {
                            evaluated = new ClipRequest.Source(name, chosen, checkpoint);
                            show(rows);
                        },
                        "Evaluation"));
    }

    /** Stops an evaluation between two chunks of utterances. */
    public void cancel() {
        task.cancel();
    }

    /**
     * Opens the selected utterance's clip where the app shows clips with their words (the Datasets
     * view), its first wrong word selected.
     */
    public void openSelected() {
        ErrorRow row = selected.get();
        if (row != null && evaluated != null) {
            openClip.accept(evaluated.request(row.id(), row.scored().edits()));
        }
    }

    /** Where {@link #openSelected()} sends a clip. */
    public void setOpenClip(Consumer<ClipRequest> open) {
        this.openClip = open;
    }

    private void show(List<ErrorRow> scored) {
        ErrorReport r = ErrorAnalysis.of(scored.stream().map(ErrorRow::scored).toList());
        report.set(r);
        substitutions.setAll(r.substitutions());
        words.setAll(r.words());
        speakers.setAll(r.groups().get("speaker"));
        durations.setAll(r.groups().get("duration"));
        folders.setAll(r.groups().get("folder"));
        scoredRows = List.copyOf(scored);
        fields.setAll(
                scored.stream()
                        .flatMap(e -> e.fields().keySet().stream())
                        .collect(Collectors.toCollection(TreeSet::new)));
        if (byField.get() == null || !fields.contains(byField.get())) {
            byField.set(fields.isEmpty() ? null : fields.get(0));
        }
        groupByField();
        rows.setAll(
                scored.stream()
                        .sorted(
                                Comparator.comparingInt((ErrorRow e) -> e.scored().wordErrors())
                                        .reversed()
                                        .thenComparing(ErrorRow::id))
                        .toList());
        selected.set(rows.isEmpty() ? null : rows.get(0));
        task.setStatus(
                String.format(
                        Locale.ROOT,
                        "%d utterances, %d reference words, %d word errors: WER %.2f %%",
                        r.utterances(),
                        r.referenceWords(),
                        r.wordErrors(),
                        100 * r.wer()));
    }

    /** The WER table by the chosen manifest field, over the last evaluation's utterances. */
    private void groupByField() {
        String field = byField.get();
        if (field == null || scoredRows.isEmpty()) {
            byFieldRows.clear();
            return;
        }
        Map<String, Map<String, String>> meta = new HashMap<>();
        scoredRows.forEach(e -> meta.put(e.id(), e.fields()));
        ErrorReport r =
                ErrorAnalysis.of(
                        scoredRows.stream().map(ErrorRow::scored).toList(), meta, List.of(field));
        byFieldRows.setAll(r.groups().getOrDefault(field, List.of()));
    }

    /** The manifest fields the evaluated utterances have (accent, mic …), sorted. */
    public ObservableList<String> fields() {
        return fields;
    }

    /** The field the "WER by" table groups by; null when the utterances have none. */
    public StringProperty byFieldProperty() {
        return byField;
    }

    public ObservableList<ErrorReport.GroupWer> byFieldRows() {
        return byFieldRows;
    }

    public StringProperty datasetProperty() {
        return dataset;
    }

    public ObjectProperty<SplitChoice> splitProperty() {
        return split;
    }

    public ObjectProperty<Path> modelProperty() {
        return model;
    }

    /** Evaluated utterances, most word errors first. */
    public ObservableList<ErrorRow> rows() {
        return rows;
    }

    public ObjectProperty<ErrorRow> selectedProperty() {
        return selected;
    }

    public ObjectProperty<ErrorReport> reportProperty() {
        return report;
    }

    public ObservableList<ErrorReport.Substitution> substitutions() {
        return substitutions;
    }

    public ObservableList<ErrorReport.WordAccuracy> words() {
        return words;
    }

    public ObservableList<ErrorReport.GroupWer> speakers() {
        return speakers;
    }

    public ObservableList<ErrorReport.GroupWer> durations() {
        return durations;
    }

    /** WER by the folder of the audio file (a session, chapter or voice in most corpora). */
    public ObservableList<ErrorReport.GroupWer> folders() {
        return folders;
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
