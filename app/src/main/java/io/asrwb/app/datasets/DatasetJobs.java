package io.asrwb.app.datasets;

import io.asrwb.app.AppContext;
import io.asrwb.engine.data.Alphabet;
import io.asrwb.engine.data.ImportOutcome;
import io.asrwb.engine.data.Split;
import io.asrwb.engine.data.curation.SplitRefusedException;
import io.asrwb.engine.data.curation.SplitRequest;
import io.asrwb.engine.data.curation.TextChecks;
import io.asrwb.engine.data.formats.DatasetIO;
import io.asrwb.engine.store.AudioCheckRun;
import io.asrwb.engine.store.CatalogImporter;
import io.asrwb.engine.store.CuratedExporter;
import io.asrwb.engine.store.DatasetSplitter;
import io.asrwb.engine.store.DatasetSummary;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.function.Consumer;
import java.util.function.Supplier;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.StringProperty;

/**
 * The datasets view's long commands: import, export of the curated dataset, splits, audio check; each
 * through {@link BackgroundJobs} (one at a time, progress, cancel), each telling the view model
 * what to reload when it is done.
 */
final class DatasetJobs {

    private final AppContext ctx;
    private final BackgroundJobs jobs;
    private final StringProperty status;
    private final Supplier<DatasetSummary> selected;
    private final Runnable reloadDatasets;
    private final Runnable reloadUtterances;
    final ObjectProperty<ImportSummary> lastImport = new SimpleObjectProperty<>();
    final ObjectProperty<CuratedExporter.Result> lastExport = new SimpleObjectProperty<>();

    /**
     * @param selected the dataset export and check work on (null when none)
     * @param reloadDatasets reads the dataset list again (a dataset or a version was added)
     * @param reloadUtterances reads the selected dataset's rows and counts again, keeping filter,
     *     sort and undo history
     */
    DatasetJobs(
            AppContext ctx,
            BackgroundJobs jobs,
            StringProperty status,
            Supplier<DatasetSummary> selected,
            Runnable reloadDatasets,
            Runnable reloadUtterances) {
        this.ctx = ctx;
        this.jobs = jobs;
        this.status = status;
        this.selected = selected;
        this.reloadDatasets = reloadDatasets;
        this.reloadUtterances = reloadUtterances;
    }

    /**
     * Imports in the background: read and check every entry, then store all in one transaction.
     *
     * @param imported gets the new dataset's name once the list is reloaded
     */
    void importDataset(ImportRequest request, Consumer<String> imported) {
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
                    reloadDatasets.run();
                    imported.accept(summary.dataset());
                });
    }

    /** Writes the selected dataset as curated and records it as a new, hashed manifest version. */
    void exportCurated(ExportRequest request) {
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
                    reloadDatasets.run();
                });
    }

    /**
     * Gives the selected dataset train/val/test splits as its next manifest version, in the engine's
     * one transaction; a refusal ("2 speakers cannot fill …") is the status line, nothing changed.
     */
    void splitDataset(SplitDatasetRequest request) {
        DatasetSummary d = selected.get();
        if (d == null || request == null) {
            status.set("Choose a dataset to split.");
            return;
        }
        String name = d.dataset().name();
        jobs.start(
                "Split " + name,
                "Splitting '" + name + "' …",
                "Split",
                "nothing was changed",
                task -> {
                    try {
                        return DatasetSplitter.split(
                                ctx.catalog(),
                                name,
                                new SplitRequest(
                                        request.val(),
                                        request.test(),
                                        request.by(),
                                        request.seed()),
                                ctx.clock());
                    } catch (SplitRefusedException e) {
                        throw new IllegalArgumentException(e.inTheApp(), e);
                    }
                },
                r -> {
                    Map<Split, Integer> n = r.plan().utterances();
                    status.set(
                            String.format(
                                    Locale.ROOT,
                                    "Split '%s' by %s as version %d: train %d, val %d, test %d",
                                    name,
                                    r.plan().by().key(),
                                    r.manifest().version(),
                                    n.getOrDefault(Split.TRAIN, 0),
                                    n.getOrDefault(Split.VAL, 0),
                                    n.getOrDefault(Split.TEST, 0)));
                    reloadDatasets.run();
                    reloadUtterances.run();
                });
    }

    /** Decodes every utterance's audio of the selected dataset; stores clipping, silence, level, duplicates. */
    void checkAudio() {
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
                    reloadUtterances.run();
                });
    }
}
