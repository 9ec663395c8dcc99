package io.asrwb.engine.store;

import io.asrwb.engine.data.ImportOutcome;
import io.asrwb.engine.data.ImportProgress;
import io.asrwb.engine.data.ManifestHash;
import io.asrwb.engine.data.curation.TextCheckResult;
import io.asrwb.engine.data.curation.TextChecks;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.function.IntPredicate;

/**
 * Puts a read dataset into the catalog: dataset row, utterances with their import-time checks,
 * the import report and manifest version 1, all in one transaction. A failure or cancellation at
 * any point (or a crash of the process) leaves no trace of the dataset.
 */
public final class CatalogImporter {

  /** What an import stored. */
  public record Result(DatasetRecord dataset, ManifestVersion manifest, ImportReport report) {}

  private final Catalog catalog;
  private final IntPredicate charset;
  private final Clock clock;

  /** @param charset the characters transcripts may use (lower-cased code points) */
  public CatalogImporter(Catalog catalog, IntPredicate charset, Clock clock) {
    this.catalog = catalog;
    this.charset = charset;
    this.clock = clock;
  }

  /** Fails fast, before a long read, when the name is taken. */
  public void requireNameFree(String name) {
    if (catalog.read(c -> new DatasetRepository(c).byName(name)).isPresent()) {
      throw DatasetRepository.nameTaken(name);
    }
  }

  /**
   * @param insertProgress told after each batch of rows; returning false cancels (nothing kept)
   * @throws CatalogException when nothing was accepted or the name is taken
   */
  public Result store(String name, ImportOutcome outcome, ImportProgress insertProgress) {
    if (name == null || name.isBlank()) {
      throw new CatalogException.DatasetName("a dataset needs a name; pass --name NAME");
    }
    if (outcome.utterances().isEmpty()) {
      throw new CatalogException("nothing to import from " + outcome.source() + ": "
          + outcome.rejectedCount() + " entries rejected, none accepted; fix the problems listed and import again");
    }
    List<TextCheckResult> checks = TextChecks.run(outcome.utterances(), charset);
    String hash = ManifestHash.of(outcome.utterances());
    Instant now = clock.instant();
    return catalog.transaction(c -> {
      DatasetRecord d = new DatasetRepository(c).insert(name.trim(), outcome.format(),
          outcome.source().toString(), outcome.root().toString(), now);
      new UtteranceRepository(c).insertAll(d.id(), outcome.utterances(), checks, insertProgress);
      ImportReport report = new ImportReportRepository(c).insert(d.id(), outcome, now);
      ManifestVersion v = new ManifestVersionRepository(c).add(d.id(), hash, outcome.utterances().size(),
          "imported from " + outcome.source(), now);
      return new Result(d, v, report);
    });
  }
}
