package io.asrwb.app.align;

import io.asrwb.app.AppContext;
import io.asrwb.app.tasks.TaskHandlers;
import io.asrwb.app.tasks.TaskState;
import io.asrwb.app.waveform.WaveformViewModel;
import io.asrwb.app.words.WordTierViewModel;
import io.asrwb.engine.align.AlignListener;
import io.asrwb.engine.align.AlignedWord;
import io.asrwb.engine.align.AlignmentRecord;
import io.asrwb.engine.align.AlignmentRepository;
import io.asrwb.engine.align.CatalogAlignment;
import io.asrwb.engine.align.StoredAlignment;
import io.asrwb.engine.audio.io.AudioPlayer;
import io.asrwb.engine.data.SplitChoice;
import io.asrwb.engine.inference.ModelDecoding;
import io.asrwb.engine.inference.TrainedModel;
import io.asrwb.engine.inference.Transcriber;
import io.asrwb.engine.store.DatasetRecord;
import io.asrwb.engine.store.DatasetRepository;
import io.asrwb.engine.store.StoredUtterance;
import io.asrwb.engine.store.UtteranceRepository;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
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
 * Aligns a dataset split with a checkpoint (the engine's {@link SplitAligner}, rows streamed into
 * the catalog) through the task runner, and lists the newest stored alignment of the split:
 * utterances worst word first, the selected one's reference words, its clip and word tiers.
 */
public final class AlignmentViewModel {

    /** Utterances per forward pass, as the CLI's default. */
    private static final int BATCH = 16;

    private final AppContext ctx;
    private final StringProperty dataset = new SimpleStringProperty("");
    private final ObjectProperty<SplitChoice> split = new SimpleObjectProperty<>(SplitChoice.TEST);
    private final ObjectProperty<Path> model = new SimpleObjectProperty<>();
    private final ObservableList<AlignmentRow> rows = FXCollections.observableArrayList();
    private final ObjectProperty<AlignmentRow> selected = new SimpleObjectProperty<>();
    private final ObservableList<AlignedWord> words = FXCollections.observableArrayList();
    private final TaskState task = new TaskState();
    private final WaveformViewModel clip;
    private final WordTierViewModel tier;
    private final Map<String, Path> audioById = new HashMap<>();
    private String source = "";

    public AlignmentViewModel(AppContext ctx) {
        this.ctx = ctx;
        this.clip = new WaveformViewModel(ctx.tasks(), new AudioPlayer());
        this.tier = new WordTierViewModel(ctx, clip.spans());
        selected.addListener((o, was, now) -> showSelected(now));
    }

    /** The selected utterance's words in the table, its clip and word tiers below. */
    private void showSelected(AlignmentRow row) {
        words.setAll(row == null ? List.of() : row.alignment().referenceWords());
        Path audio = row == null ? null : audioById.get(row.id());
        if (audio == null) {
            clip.clear();
            tier.show(null, SplitChoice.ALL, null);
        } else {
            clip.load(audio);
            tier.showStored(row.alignment(), source);
        }
    }

    /** The selected utterance's clip (waveform, spectrogram, playback). */
    public WaveformViewModel clip() {
        return clip;
    }

    /** The selected utterance's word tiers, under its clip. */
    public WordTierViewModel tier() {
        return tier;
    }

    /** Aligns the chosen split with the chosen checkpoint, then lists the result. */
    public void align() {
        Path checkpoint = model.get();
        String name = dataset.get();
        SplitChoice chosen = split.get();
        if (checkpoint == null || name == null || name.isBlank()) {
            task.setStatus("Choose a dataset and a checkpoint first");
            return;
        }
        task.run(
                ctx.tasks(),
                "Align " + name + "/" + chosen.key(),
                "Aligning " + name + "/" + chosen.key() + "…",
                context -> {
                    TrainedModel trained = TrainedModel.load(checkpoint);
                    Transcriber transcriber = ModelDecoding.of(trained).transcriber(trained);
                    AlignListener progressOnly =
                            AlignListener.progressOnly(
                                    (done, total) ->
                                            context.progress(done, total, done + "/" + total));
                    return CatalogAlignment.run(
                                    ctx.catalog(),
                                    name,
                                    chosen,
                                    transcriber,
                                    BATCH,
                                    progressOnly,
                                    context::isCancelled)
                            .done();
                },
                TaskHandlers.<Integer>of(
                                done -> {
                                    load();
                                    task.setStatus("Aligned " + done + " utterances");
                                },
                                "Alignment")
                        .whenCancelled(
                                () -> {
                                    load();
                                    return "Cancelled; what was aligned is kept";
                                }));
    }

    /** Stops an alignment between two batches. */
    public void cancel() {
        task.cancel();
    }

    /** Lists the newest stored alignment of the chosen split (none: an empty list and why). */
    public void load() {
        String name = dataset.get();
        SplitChoice chosen = split.get();
        List<AlignmentRow> loaded = new ArrayList<>();
        Optional<AlignmentRecord> found =
                ctx.catalog()
                        .read(
                                c -> {
                                    Optional<AlignmentRecord> a =
                                            new AlignmentRepository(c)
                                                    .latest(datasetId(c, name), chosen.key());
                                    audioById.clear();
                                    if (a.isPresent()) {
                                        audioPaths(c, name);
                                        new AlignmentRepository(c)
                                                .forEach(
                                                        a.get().id(),
                                                        (StoredAlignment s) ->
                                                                loaded.add(AlignmentRow.of(s)));
                                    }
                                    return a;
                                });
        loaded.sort(
                Comparator.comparingDouble(
                        (AlignmentRow r) ->
                                Double.isNaN(r.worstConfidence()) ? -1 : r.worstConfidence()));
        source =
                found.map(
                                a ->
                                        String.format(
                                                Locale.ROOT,
                                                "%s, step %d",
                                                Path.of(a.checkpoint()).getFileName(),
                                                a.step()))
                        .orElse("");
        rows.setAll(loaded);
        selected.set(loaded.isEmpty() ? null : loaded.get(0));
        task.setStatus(
                found.map(a -> loaded.size() + " utterances aligned by " + a.checkpoint())
                        .orElse(name + "/" + chosen.key() + " has no alignment yet: press Align"));
    }

    private static long datasetId(java.sql.Connection c, String name) throws java.sql.SQLException {
        return new DatasetRepository(c).require(name).id();
    }

    /** Where each utterance's audio is: relative paths resolve against the dataset's root. */
    private void audioPaths(java.sql.Connection c, String name) throws java.sql.SQLException {
        DatasetRecord d = new DatasetRepository(c).require(name);
        Path root = Path.of(d.root());
        for (StoredUtterance s : new UtteranceRepository(c).of(d.id())) {
            audioById.put(s.utterance().id(), root.resolve(s.utterance().audio()));
        }
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

    public ObservableList<AlignmentRow> rows() {
        return rows;
    }

    public ObjectProperty<AlignmentRow> selectedProperty() {
        return selected;
    }

    /** The selected utterance's reference words with spans and confidences. */
    public ObservableList<AlignedWord> words() {
        return words;
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
