package io.asrwb.app.datasets;

import io.asrwb.app.AppContext;
import io.asrwb.engine.audio.io.AudioPlayer;
import io.asrwb.engine.config.RunConfig;
import io.asrwb.engine.data.Alphabet;
import io.asrwb.engine.data.DatasetFormat;
import io.asrwb.engine.data.ImportOutcome;
import io.asrwb.engine.data.augment.AugmentedAudio;
import io.asrwb.engine.data.augment.Augmenter;
import io.asrwb.engine.data.curation.TextChecks;
import io.asrwb.engine.data.formats.DatasetIO;
import io.asrwb.engine.store.AudioCheckRun;
import io.asrwb.engine.store.CatalogImporter;
import io.asrwb.engine.store.CuratedExporter;
import io.asrwb.engine.store.CurationRepository;
import io.asrwb.engine.store.CurationState;
import io.asrwb.engine.store.DatasetStats;
import io.asrwb.engine.store.DatasetStatsQuery;
import io.asrwb.engine.store.DatasetSummary;
import io.asrwb.engine.store.StoredUtterance;
import io.asrwb.engine.store.UtteranceRepository;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CancellationException;
import java.util.function.Consumer;
import java.util.function.Supplier;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.DoubleProperty;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.LongProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleIntegerProperty;
import javafx.beans.property.SimpleLongProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The datasets view's state: the catalog's datasets, the selected dataset's utterances (filtered
 * and sorted), curation edits with undo and redo persisted to the catalog at once, and the
 * background jobs (import, export, audio check) with progress and cancel.
 */
public final class DatasetsViewModel {

    private final AppContext ctx;
    private final ObservableList<DatasetSummary> datasets = FXCollections.observableArrayList();
    private final ObjectProperty<DatasetSummary> selected = new SimpleObjectProperty<>();
    private final ObjectProperty<DatasetStats> stats = new SimpleObjectProperty<>();
    private final UtteranceTable table = new UtteranceTable();
    private final CurationEditor editor;
    private final StringProperty filter = new SimpleStringProperty("");
    private final BooleanProperty flaggedOnly = new SimpleBooleanProperty();
    private final BooleanProperty excludedOnly = new SimpleBooleanProperty();
    private final BooleanProperty checkFlagsOnly = new SimpleBooleanProperty();
    private final StringProperty status = new SimpleStringProperty("");
    private final BackgroundJobs jobs;
    private final WaveformViewModel waveform;
    private final ObjectProperty<ImportSummary> lastImport = new SimpleObjectProperty<>();
    private final ObjectProperty<CuratedExporter.Result> lastExport = new SimpleObjectProperty<>();
    private final ObjectProperty<UtteranceRow> shown = new SimpleObjectProperty<>();
    private Consumer<Path> openInViewer = file -> {};
    private Supplier<RunConfig> runConfig = RunConfig::defaults;
    private Path configBaseDir = Path.of("");
    private final LongProperty augmentSeed =
            new SimpleLongProperty(RunConfig.defaults().train().seed());
    private final IntegerProperty augmentEpoch = new SimpleIntegerProperty(0);

    public DatasetsViewModel(AppContext ctx) {
        this.ctx = ctx;
        this.editor = new CurationEditor(ctx.catalog(), ctx.clock(), ctx.user());
        this.jobs = new BackgroundJobs(ctx.tasks(), status);
        this.waveform = new WaveformViewModel(ctx.tasks(), new AudioPlayer());
        selected.addListener(
                (o, a, b) -> {
                    if (a == null || b == null || a.dataset().id() != b.dataset().id()) {
                        loadUtterances(false);
                    }
                });
        filter.addListener((o, a, b) -> applyFilter());
        flaggedOnly.addListener((o, a, b) -> applyFilter());
        excludedOnly.addListener((o, a, b) -> applyFilter());
        checkFlagsOnly.addListener((o, a, b) -> applyFilter());
    }

    public ObservableList<DatasetSummary> datasets() {
        return datasets;
    }

    public ObjectProperty<DatasetSummary> selectedProperty() {
        return selected;
    }

    /** Counts and the duration histogram of the selected dataset; null when none is selected. */
    public ObjectProperty<DatasetStats> statsProperty() {
        return stats;
    }

    /** The selected dataset's utterances passing the filter, in the chosen order. */
    public ObservableList<UtteranceRow> visibleUtterances() {
        return table.visible();
    }

    /** How many utterances the selected dataset has, shown or not. */
    public int utteranceCount() {
        return table.size();
    }

    public StringProperty filterProperty() {
        return filter;
    }

    public BooleanProperty flaggedOnlyProperty() {
        return flaggedOnly;
    }

    public BooleanProperty excludedOnlyProperty() {
        return excludedOnly;
    }

    public BooleanProperty checkFlagsOnlyProperty() {
        return checkFlagsOnly;
    }

    /** Orders the table by a column; {@link UtteranceSort#SOURCE_ORDER} restores import order. */
    public void sortBy(UtteranceSort column, boolean ascending) {
        table.setSort(column, ascending);
    }

    public BooleanProperty busyProperty() {
        return jobs.busyProperty();
    }

    public DoubleProperty progressProperty() {
        return jobs.progressProperty();
    }

    /** The selected utterance's waveform and playback. */
    public WaveformViewModel waveform() {
        return waveform;
    }

    /** The row whose clip the waveform and spectrogram show; null when none. */
    public ObjectProperty<UtteranceRow> shownProperty() {
        return shown;
    }

    /** Where "open in the spectrogram viewer" sends a clip (the composition root wires the tab). */
    public void setOpenInViewer(Consumer<Path> viewer) {
        openInViewer = viewer;
    }

    /**
     * Where "play augmented" takes its augmentation from: the run config being edited (the
     * composition root wires the Hyperparameters tab). The preview seed starts at its run seed.
     *
     * @param baseDir what a relative {@code augment.noise_dir} resolves against
     */
    public void setRunConfig(Supplier<RunConfig> config, Path baseDir) {
        runConfig = config;
        configBaseDir = baseDir;
        augmentSeed.set(config.get().train().seed());
    }

    /** The seed "play augmented" draws from; the run config's {@code train.seed} is what training uses. */
    public LongProperty augmentSeedProperty() {
        return augmentSeed;
    }

    /** The epoch "play augmented" shows (0 is the first): each epoch draws the clip's augmentation anew. */
    public IntegerProperty augmentEpochProperty() {
        return augmentEpoch;
    }

    /**
     * Plays the shown clip as the trainer will hear it in {@link #augmentEpochProperty epoch} with
     * {@link #augmentSeedProperty seed}: the run config's augmentation, drawn for this utterance id,
     * on the clip decoded at the model's rate (SpecAugment's masks act on features and are not
     * heard). The waveform and spectrogram then show that signal; selecting the row again shows
     * the original.
     */
    public void playAugmented() {
        UtteranceRow row = shown.get();
        Optional<Path> file = audioPathOf(row);
        if (file.isEmpty()) {
            return;
        }
        RunConfig config = runConfig.get();
        Augmenter augmenter;
        try {
            augmenter = Augmenter.of(config.augment(), augmentSeed.get(), configBaseDir);
        } catch (IOException | IllegalArgumentException e) {
            status.set("Cannot augment: " + e.getMessage());
            return;
        }
        long seed = augmentSeed.get();
        int epoch = augmentEpoch.get();
        String id = row.id();
        String label =
                augmenter.isOff()
                        ? "original (the run config turns no augmentation on)"
                        : String.format(Locale.ROOT, "augmented: seed %d, epoch %d", seed, epoch);
        waveform.loadProcessed(
                file.get(),
                label,
                samples -> {
                    AugmentedAudio a = augmenter.samples(samples, epoch, id);
                    return a.samples();
                });
    }

    /** Opens the shown clip in the spectrogram viewer (axes, legend, log-mel). */
    public void openShownInViewer() {
        audioPathOf(shown.get()).ifPresent(openInViewer);
    }

    /** Shows a row's audio in the waveform and spectrogram (decoded in the background); null clears it. */
    public void showUtterance(UtteranceRow row) {
        shown.set(row);
        Optional<Path> file = audioPathOf(row);
        if (file.isPresent()) {
            waveform.load(file.get());
        } else {
            waveform.clear();
        }
    }

    public StringProperty statusProperty() {
        return status;
    }

    public ObjectProperty<ImportSummary> lastImportProperty() {
        return lastImport;
    }

    public ObjectProperty<CuratedExporter.Result> lastExportProperty() {
        return lastExport;
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

    /** Where a row's audio file is: relative paths resolve against the dataset's root. */
    public Optional<Path> audioPathOf(UtteranceRow row) {
        DatasetSummary d = selected.get();
        return d == null || row == null
                ? Optional.empty()
                : Optional.of(Path.of(d.dataset().root()).resolve(row.audio()));
    }

    /** Reloads the dataset list, keeping the selection by name where it still exists. */
    public void refresh() {
        String keep = selected.get() == null ? null : selected.get().dataset().name();
        List<DatasetSummary> all = ctx.catalog().read(c -> new DatasetStatsQuery(c).list());
        datasets.setAll(all);
        selected.set(
                all.stream()
                        .filter(d -> d.dataset().name().equals(keep))
                        .findFirst()
                        .orElse(all.isEmpty() ? null : all.get(0)));
        refreshStats();
    }

    /**
     * Reads the selected dataset's rows again, keeping filter, sort and undo history: a training
     * run's evaluations wrote new last-eval CERs to the catalog.
     */
    public void reloadUtterances() {
        loadUtterances(true);
    }

    // ---- curation: every edit is one undoable command, on disk when the call returns ----

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

    private void edit(
            String description,
            Collection<UtteranceRow> rows,
            java.util.function.BiFunction<UtteranceRow, CurationState, CurationState> decide) {
        try {
            editor.edit(description, rows, decide).ifPresent(c -> show(c, ""));
        } catch (RuntimeException e) {
            status.set("Could not save the edit: " + message(e));
        }
    }

    private void show(CurationCommand c, String prefix) {
        if (c.datasetId() != currentDatasetId()) {
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
        refreshStats();
    }

    private long currentDatasetId() {
        return selected.get() == null ? -1 : selected.get().dataset().id();
    }

    private void applyFilter() {
        table.setFilter(
                new UtteranceFilter(
                        filter.get(), flaggedOnly.get(), excludedOnly.get(), checkFlagsOnly.get()));
    }

    private void loadUtterances(boolean keepHistory) {
        DatasetSummary d = selected.get();
        if (d == null) {
            editor.close();
            table.load(List.of());
            return;
        }
        long id = d.dataset().id();
        List<StoredUtterance> stored = ctx.catalog().read(c -> new UtteranceRepository(c).of(id));
        Map<String, CurationState> curation =
                ctx.catalog().read(c -> new CurationRepository(c).of(id));
        List<UtteranceRow> rows = new ArrayList<>(stored.size());
        for (StoredUtterance s : stored) {
            rows.add(UtteranceRow.of(s, curation.get(s.utterance().id())));
        }
        editor.open(id, curation, keepHistory);
        table.load(rows);
    }

    private void refreshStats() {
        DatasetSummary d = selected.get();
        stats.set(
                d == null
                        ? null
                        : ctx.catalog().read(c -> new DatasetStatsQuery(c).of(d.dataset().name())));
    }

    // ---- background jobs: one at a time, with progress and cancel ----

    /** Imports in the background: read and check every entry, then store all in one transaction. */
    public void importDataset(ImportRequest request) {
        String name = request.name() == null ? "" : request.name().trim();
        if (name.isEmpty()) {
            status.set("Give the dataset a name.");
            return;
        }
        CatalogImporter importer =
                new CatalogImporter(ctx.catalog(), TextChecks.ENGLISH, ctx.clock());
        jobs.start(
                "Import " + name,
                "Importing " + request.source() + " …",
                "Import",
                "nothing was stored",
                task -> {
                    importer.requireNameFree(name);
                    ImportOutcome outcome =
                            DatasetIO.read(
                                    request.format(),
                                    request.source(),
                                    Alphabet.english(),
                                    (done, total) -> {
                                        task.progress(
                                                done,
                                                total,
                                                "checked " + done + " of " + total + " entries");
                                        return !jobs.cancelled(task);
                                    });
                    if (jobs.cancelled(task)) {
                        throw new CancellationException();
                    }
                    CatalogImporter.Result r =
                            importer.store(
                                    name,
                                    outcome,
                                    (done, total) -> {
                                        task.progress(
                                                done,
                                                total,
                                                "stored " + done + " of " + total + " utterances");
                                        return !jobs.cancelled(task);
                                    });
                    return new ImportSummary(
                            r.dataset().name(),
                            outcome.utterances().size(),
                            outcome.rejectedCount(),
                            outcome.totalHours(),
                            outcome.problems());
                },
                summary -> {
                    status.set(summary.headline());
                    lastImport.set(summary);
                    refresh();
                    datasets.stream()
                            .filter(d -> d.dataset().name().equals(summary.dataset()))
                            .findFirst()
                            .ifPresent(selected::set);
                });
    }

    /** Imports the bundled demo corpus when the catalog is empty, so a new user has data at once. */
    public void importDemoCorpusIfEmpty(Path demoManifest) {
        if (datasets.isEmpty() && demoManifest != null) {
            importDataset(new ImportRequest(DatasetFormat.NEMO, demoManifest, "demo"));
        }
    }

    /** Writes the selected dataset as curated and records it as a new, hashed manifest version. */
    public void exportCurated(ExportRequest request) {
        DatasetSummary d = selected.get();
        if (d == null || request.folder() == null) {
            status.set("Choose a dataset and a folder to export to.");
            return;
        }
        String name = d.dataset().name();
        CuratedExporter exporter = new CuratedExporter(ctx.catalog(), ctx.clock());
        jobs.start(
                "Export " + name,
                "Exporting '" + name + "' …",
                "Export",
                "files already written stay, no version" + " was recorded",
                task -> exporter.export(name, request.format(), request.folder(), request.note()),
                r -> {
                    lastExport.set(r);
                    status.set(
                            String.format(
                                    Locale.ROOT,
                                    "Exported '%s' as version %d: %d utterances (%d excluded, %d"
                                            + " edited) to %s — hash %s",
                                    name,
                                    r.version().version(),
                                    r.exported(),
                                    r.excluded(),
                                    r.edited(),
                                    request.folder(),
                                    r.version().contentHash()));
                    refresh();
                });
    }

    /** Decodes every utterance's audio of the selected dataset and stores clipping, silence, level, duplicates. */
    public void checkAudio() {
        DatasetSummary d = selected.get();
        if (d == null) {
            return;
        }
        String name = d.dataset().name();
        AudioCheckRun check = new AudioCheckRun(ctx.catalog(), ctx.clock());
        jobs.start(
                "Check " + name,
                "Checking the audio of '" + name + "' …",
                "Audio check",
                "nothing was stored",
                task ->
                        check.run(
                                name,
                                (done, total) -> {
                                    task.progress(
                                            done,
                                            total,
                                            "checked " + done + " of " + total + " files");
                                    return !jobs.cancelled(task);
                                }),
                s -> {
                    status.set(
                            String.format(
                                    Locale.ROOT,
                                    "Checked %d files of '%s': %d unreadable, %d duplicates",
                                    s.checked(),
                                    name,
                                    s.unreadable(),
                                    s.duplicates()));
                    loadUtterances(true);
                    refreshStats();
                });
    }

    public void cancel() {
        jobs.cancel();
    }

    static String message(Throwable t) {
        return t.getMessage() == null ? t.getClass().getSimpleName() : t.getMessage();
    }

    private static String count(Collection<?> rows) {
        return rows.size() == 1 ? "1 utterance" : rows.size() + " utterances";
    }

    private static String capitalised(String s) {
        return s.isEmpty() ? s : Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }

    /** The problems of the last import as "file:line: message — hint" lines. */
    public List<String> lastImportProblemLines() {
        ImportSummary s = lastImport.get();
        return s == null ? List.of() : s.problemLines();
    }
}
