package io.asrwb.app.datasets;

import io.asrwb.app.AppContext;
import io.asrwb.app.tasks.RunningTask;
import io.asrwb.app.tasks.TaskCallbacks;
import io.asrwb.app.tasks.TaskContext;
import io.asrwb.engine.data.Alphabet;
import io.asrwb.engine.data.DatasetIO;
import io.asrwb.engine.data.ImportOutcome;
import io.asrwb.engine.data.curation.TextChecks;
import io.asrwb.engine.store.CatalogImporter;
import io.asrwb.engine.store.CurationRepository;
import io.asrwb.engine.store.CurationState;
import io.asrwb.engine.store.DatasetStatsQuery;
import io.asrwb.engine.store.DatasetSummary;
import io.asrwb.engine.store.StoredUtterance;
import io.asrwb.engine.store.UtteranceRepository;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.UnaryOperator;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.DoubleProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleDoubleProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.collections.transformation.FilteredList;

/**
 * The datasets view's state: the catalog's datasets, the selected dataset's utterances (filterable),
 * imports with progress and cancel, and curation edits persisted to the catalog at once.
 */
public final class DatasetsViewModel {

  private final AppContext ctx;
  private final ObservableList<DatasetSummary> datasets = FXCollections.observableArrayList();
  private final ObjectProperty<DatasetSummary> selected = new SimpleObjectProperty<>();
  private final ObservableList<UtteranceRow> utterances = FXCollections.observableArrayList();
  private final FilteredList<UtteranceRow> visible = new FilteredList<>(utterances, r -> true);
  private final StringProperty filter = new SimpleStringProperty("");
  private final BooleanProperty busy = new SimpleBooleanProperty(false);
  private final DoubleProperty progress = new SimpleDoubleProperty(0);
  private final StringProperty status = new SimpleStringProperty("");
  private final ObjectProperty<ImportSummary> lastImport = new SimpleObjectProperty<>();
  private RunningTask<?> running;
  /** Also seen by work that runs on the caller's thread, before {@link #running} is assigned. */
  private final AtomicBoolean cancelRequested = new AtomicBoolean();

  public DatasetsViewModel(AppContext ctx) {
    this.ctx = ctx;
    selected.addListener((o, a, b) -> loadUtterances());
    filter.addListener((o, a, b) -> visible.setPredicate(matcher(b)));
  }

  public ObservableList<DatasetSummary> datasets() {
    return datasets;
  }

  public ObjectProperty<DatasetSummary> selectedProperty() {
    return selected;
  }

  /** The selected dataset's utterances passing {@link #filterProperty()}. */
  public FilteredList<UtteranceRow> visibleUtterances() {
    return visible;
  }

  public StringProperty filterProperty() {
    return filter;
  }

  public BooleanProperty busyProperty() {
    return busy;
  }

  public DoubleProperty progressProperty() {
    return progress;
  }

  public StringProperty statusProperty() {
    return status;
  }

  public ObjectProperty<ImportSummary> lastImportProperty() {
    return lastImport;
  }

  /** Reloads the dataset list, keeping the selection by name where it still exists. */
  public void refresh() {
    String keep = selected.get() == null ? null : selected.get().dataset().name();
    List<DatasetSummary> all = ctx.catalog().read(c -> new DatasetStatsQuery(c).list());
    datasets.setAll(all);
    selected.set(all.stream().filter(d -> d.dataset().name().equals(keep)).findFirst()
        .orElse(all.isEmpty() ? null : all.get(0)));
  }

  /** Imports in the background: read and check every entry, then store all in one transaction. */
  public void importDataset(ImportRequest request) {
    String name = request.name() == null ? "" : request.name().trim();
    if (name.isEmpty()) {
      status.set("Give the dataset a name.");
      return;
    }
    if (busy.get()) {
      status.set("Another task is running; wait for it or cancel it.");
      return;
    }
    CatalogImporter importer = new CatalogImporter(ctx.catalog(), TextChecks.ENGLISH, ctx.clock());
    busy.set(true);
    cancelRequested.set(false);
    progress.set(-1);
    status.set("Importing " + request.source() + " …");
    running = ctx.tasks().run("Import " + name, task -> {
      importer.requireNameFree(name);
      ImportOutcome outcome = DatasetIO.read(request.format(), request.source(), Alphabet.english(), (done, total) -> {
        task.progress(done, total, "checked " + done + " of " + total + " entries");
        return !cancelled(task);
      });
      if (cancelled(task)) {
        throw new CancellationException();
      }
      CatalogImporter.Result r = importer.store(name, outcome, (done, total) -> {
        task.progress(done, total, "stored " + done + " of " + total + " utterances");
        return !cancelled(task);
      });
      return new ImportSummary(r.dataset().name(), outcome.utterances().size(), outcome.rejectedCount(),
          outcome.totalHours(), outcome.problems());
    }, TaskCallbacks.<ImportSummary>of(summary -> {
      finish(summary.headline());
      lastImport.set(summary);
      refresh();
      datasets.stream().filter(d -> d.dataset().name().equals(summary.dataset())).findFirst().ifPresent(selected::set);
    }, error -> finish("Import failed: " + message(error)))
        .whenCancelled(() -> finish("Import cancelled; nothing was stored."))
        .withProgress((p, m) -> {
          progress.set(p);
          status.set(m);
        }));
  }

  /** Imports the bundled demo corpus when the catalog is empty, so a new user has data at once. */
  public void importDemoCorpusIfEmpty(Path demoManifest) {
    if (datasets.isEmpty() && demoManifest != null) {
      importDataset(new ImportRequest(io.asrwb.engine.data.DatasetFormat.NEMO, demoManifest, "demo"));
    }
  }

  private boolean cancelled(TaskContext task) {
    return task.isCancelled() || cancelRequested.get();
  }

  public void cancel() {
    cancelRequested.set(true);
    if (running != null && !running.isDone()) {
      running.requestCancel();
    }
  }

  public void setFlagged(UtteranceRow row, boolean flagged) {
    curate(row, c -> new CurationState(c.uttId(), flagged, c.excluded(), c.editedTranscript(), c.note(), ctx.user(),
        ctx.clock().instant()));
  }

  public void setExcluded(UtteranceRow row, boolean excluded) {
    curate(row, c -> new CurationState(c.uttId(), c.flagged(), excluded, c.editedTranscript(), c.note(), ctx.user(),
        ctx.clock().instant()));
  }

  /** Saves an edited transcript; editing back to the imported text clears the edit. */
  public void editTranscript(UtteranceRow row, String text) {
    curate(row, c -> new CurationState(c.uttId(), c.flagged(), c.excluded(), text, c.note(), ctx.user(),
        ctx.clock().instant()));
  }

  private void curate(UtteranceRow row, UnaryOperator<CurationState> change) {
    DatasetSummary d = selected.get();
    if (d == null) {
      return;
    }
    long id = d.dataset().id();
    CurationState saved = ctx.catalog().transaction(c -> {
      CurationRepository repo = new CurationRepository(c);
      CurationState before = repo.get(id, row.id())
          .orElse(CurationState.untouched(row.id(), ctx.user(), ctx.clock().instant()));
      CurationState after = change.apply(before);
      repo.save(id, after);
      return after;
    });
    StoredUtterance stored = ctx.catalog().read(c -> new UtteranceRepository(c).of(id)).stream()
        .filter(s -> s.utterance().id().equals(row.id())).findFirst().orElseThrow();
    int i = utterances.indexOf(row);
    if (i >= 0) {
      utterances.set(i, UtteranceRow.of(stored, saved));
    }
  }

  private void loadUtterances() {
    DatasetSummary d = selected.get();
    if (d == null) {
      utterances.clear();
      return;
    }
    long id = d.dataset().id();
    List<StoredUtterance> stored = ctx.catalog().read(c -> new UtteranceRepository(c).of(id));
    Map<String, CurationState> curation = ctx.catalog().read(c -> new CurationRepository(c).of(id));
    List<UtteranceRow> rows = new ArrayList<>(stored.size());
    for (StoredUtterance s : stored) {
      rows.add(UtteranceRow.of(s, curation.get(s.utterance().id())));
    }
    utterances.setAll(rows);
  }

  private void finish(String message) {
    busy.set(false);
    progress.set(0);
    status.set(message);
    running = null;
  }

  private static String message(Throwable t) {
    return t.getMessage() == null ? t.getClass().getSimpleName() : t.getMessage();
  }

  private static java.util.function.Predicate<UtteranceRow> matcher(String text) {
    if (text == null || text.isBlank()) {
      return r -> true;
    }
    String q = text.trim().toLowerCase(Locale.ROOT);
    return r -> r.id().toLowerCase(Locale.ROOT).contains(q)
        || r.transcript().toLowerCase(Locale.ROOT).contains(q)
        || r.speaker().toLowerCase(Locale.ROOT).contains(q)
        || r.flags().toLowerCase(Locale.ROOT).contains(q);
  }

  /** The problems of the last import as "file:line: message — hint" lines. */
  public List<String> lastImportProblemLines() {
    ImportSummary s = lastImport.get();
    return s == null ? List.of() : s.problems().stream().map(p -> p.describe()).toList();
  }
}
