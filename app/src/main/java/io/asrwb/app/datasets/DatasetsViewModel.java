package io.asrwb.app.datasets;

import io.asrwb.app.AppContext;
import io.asrwb.app.waveform.WaveformViewModel;
import io.asrwb.app.words.WordTierViewModel;
import io.asrwb.engine.audio.io.AudioPlayer;
import io.asrwb.engine.config.RunConfig;
import io.asrwb.engine.data.DatasetFormat;
import io.asrwb.engine.data.SplitChoice;
import io.asrwb.engine.store.CuratedExporter;
import io.asrwb.engine.store.DatasetStats;
import io.asrwb.engine.store.DatasetStatsQuery;
import io.asrwb.engine.store.DatasetSummary;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Supplier;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.DoubleProperty;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.LongProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The datasets view's state: datasets, the selected one's utterances (filtered, sorted), curation
 * edits with undo, background jobs with progress and cancel. The pieces: {@link CurationActions},
 * {@link DatasetJobs}, {@link ShownClip} (its {@link WaveformViewModel}), the clip's {@link
 * WordTierViewModel}, {@link UtteranceFilters} over the {@link UtteranceTable}.
 */
public final class DatasetsViewModel {

    private final AppContext ctx;
    private final ObservableList<DatasetSummary> datasets = FXCollections.observableArrayList();
    private final ObjectProperty<DatasetSummary> selected = new SimpleObjectProperty<>();
    private final ObjectProperty<DatasetStats> stats = new SimpleObjectProperty<>();
    private final UtteranceTable table = new UtteranceTable();
    private final CurationEditor editor;
    private final UtteranceFilters filters = new UtteranceFilters(table);
    private final StringProperty status = new SimpleStringProperty("");
    private final BackgroundJobs jobs;
    private final WaveformViewModel waveform;
    private final ShownClip shown;
    private final CurationActions edits;
    private final WordTierViewModel words;
    private final DatasetJobs commands;

    public DatasetsViewModel(AppContext ctx) {
        this.ctx = ctx;
        this.editor = new CurationEditor(ctx.catalog(), ctx.clock(), ctx.user());
        this.jobs = new BackgroundJobs(ctx.tasks(), status);
        this.waveform = new WaveformViewModel(ctx.tasks(), new AudioPlayer());
        this.shown = new ShownClip(waveform, status, this::audioPathOf);
        this.words = new WordTierViewModel(ctx, waveform.spans());
        this.edits =
                new CurationActions(
                        editor, table, status, this::currentDatasetId, this::refreshStats);
        this.commands =
                new DatasetJobs(
                        ctx, jobs, status, selected::get, this::refresh, this::reloadUtterances);
        selected.addListener(
                (o, a, b) -> {
                    if (a == null || b == null || a.dataset().id() != b.dataset().id()) {
                        loadUtterances(false);
                    }
                });
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
        return filters.text;
    }

    public BooleanProperty flaggedOnlyProperty() {
        return filters.flaggedOnly;
    }

    public BooleanProperty excludedOnlyProperty() {
        return filters.excludedOnly;
    }

    public BooleanProperty checkFlagsOnlyProperty() {
        return filters.checkFlagsOnly;
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
        return shown.row;
    }

    /** Where "open in the spectrogram viewer" sends a clip (the composition root wires the tab). */
    public void setOpenInViewer(Consumer<Path> viewer) {
        shown.setOpenInViewer(viewer);
    }

    /**
     * Where "play augmented" takes its augmentation from: the run config being edited (the
     * Hyperparameters tab); {@code baseDir} resolves a relative {@code augment.noise_dir}.
     */
    public void setRunConfig(Supplier<RunConfig> config, Path baseDir) {
        shown.setRunConfig(config, baseDir);
    }

    /** The seed "play augmented" draws from; the run config's {@code train.seed} is what training uses. */
    public LongProperty augmentSeedProperty() {
        return shown.seed;
    }

    /** The epoch "play augmented" shows (0 is the first): each epoch draws the clip's augmentation anew. */
    public IntegerProperty augmentEpochProperty() {
        return shown.epoch;
    }

    /**
     * Plays the shown clip augmented as the trainer hears it in that epoch with that seed (see
     * {@link ShownClip#playAugmented}); selecting the row again shows the original.
     */
    public void playAugmented() {
        shown.playAugmented();
    }

    /** Opens the shown clip in the spectrogram viewer (axes, legend, log-mel). */
    public void openShownInViewer() {
        shown.openInViewer();
    }

    /** Shows a row's audio in the waveform and spectrogram (decoded in the background); null clears it. */
    public void showUtterance(UtteranceRow row) {
        shown.show(row);
        DatasetSummary d = selected.get();
        // The clip is found by its id, whatever split the row has (none included); nulls clear.
        words.show(
                d == null ? null : d.dataset().name(),
                SplitChoice.ALL,
                row == null ? null : row.id());
    }

    /** The shown clip's word tiers. */
    public WordTierViewModel words() {
        return words;
    }

    public StringProperty statusProperty() {
        return status;
    }

    public ObjectProperty<ImportSummary> lastImportProperty() {
        return commands.lastImport;
    }

    public ObjectProperty<CuratedExporter.Result> lastExportProperty() {
        return commands.lastExport;
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

    /** Reads the rows and counts again (an eval wrote CERs, a job splits), keeping filter, sort, undo. */
    public void reloadUtterances() {
        loadUtterances(true);
        refreshStats();
    }

    /** Curation edits of the selected dataset's rows, with undo and redo. */
    public CurationActions curation() {
        return edits;
    }

    private long currentDatasetId() {
        return selected.get() == null ? -1 : selected.get().dataset().id();
    }

    private void loadUtterances(boolean keepHistory) {
        DatasetSummary d = selected.get();
        if (d == null) {
            editor.close();
            table.load(List.of());
            return;
        }
        long id = d.dataset().id();
        DatasetRows read = DatasetRows.read(ctx.catalog(), id);
        editor.open(id, read.curation(), keepHistory);
        table.load(read.rows());
    }

    private void refreshStats() {
        DatasetSummary d = selected.get();
        stats.set(
                d == null
                        ? null
                        : ctx.catalog().read(c -> new DatasetStatsQuery(c).of(d.dataset().name())));
    }

    /** Imports in the background: read and check every entry, then store all in one transaction. */
    public void importDataset(ImportRequest request) {
        commands.importDataset(
                request,
                name ->
                        datasets.stream()
                                .filter(d -> d.dataset().name().equals(name))
                                .findFirst()
                                .ifPresent(selected::set));
    }

    /** Imports the bundled demo corpus when the catalog is empty, so a new user has data at once. */
    public void importDemoCorpusIfEmpty(Path demoManifest) {
        if (datasets.isEmpty() && demoManifest != null) {
            importDataset(new ImportRequest(DatasetFormat.NEMO, demoManifest, "demo"));
        }
    }

    /** Writes the selected dataset as curated and records it as a new, hashed manifest version. */
    public void exportCurated(ExportRequest request) {
        commands.exportCurated(request);
    }

    /** Gives the selected dataset train/val/test splits as its next manifest version (Split…). */
    public void splitDataset(SplitDatasetRequest request) {
        commands.splitDataset(request);
    }

    /** Decodes every utterance's audio of the selected dataset and stores clipping, silence, level, duplicates. */
    public void checkAudio() {
        commands.checkAudio();
    }

    public void cancel() {
        jobs.cancel();
    }

    /** The problems of the last import as "file:line: message — hint" lines. */
    public List<String> lastImportProblemLines() {
        ImportSummary s = commands.lastImport.get();
        return s == null ? List.of() : s.problemLines();
    }
}
