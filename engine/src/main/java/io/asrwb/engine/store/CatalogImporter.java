package io.asrwb.engine.store;

import io.asrwb.engine.data.ImportOutcome;
import io.asrwb.engine.data.ImportProgress;
import io.asrwb.engine.data.ManifestHash;
import io.asrwb.engine.data.Utterance;
import io.asrwb.engine.data.curation.TextCheckResult;
import io.asrwb.engine.data.curation.TextChecks;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.function.IntPredicate;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Puts a read dataset into the catalog: dataset row, utterances with their import-time checks,
 * the import report and manifest version 1, all in one transaction. A failure or cancellation at
 * any point (or a crash of the process) leaves no trace of the dataset.
 */
public final class CatalogImporter {

    /** Stage timings at DEBUG: the import benchmark reads them to say where the time goes. */
    private static final Logger LOG = LoggerFactory.getLogger(CatalogImporter.class);

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

    /** Fails fast, before a long read, when the name is not allowed ({@link DatasetNames}) or taken. */
    public void requireNameFree(String name) {
        DatasetNames.check(name == null ? null : name.trim());
        if (catalog.read(c -> new DatasetRepository(c).byName(name)).isPresent()) {
            throw DatasetRepository.nameTaken(name);
        }
    }

    /**
     * @param insertProgress told after each batch of rows; returning false cancels (nothing kept)
     * @throws CatalogException when nothing was accepted or the name is taken
     */
    public Result store(String name, ImportOutcome outcome, ImportProgress insertProgress) {
        DatasetNames.check(name == null ? null : name.trim());
        if (outcome.utterances().isEmpty()) {
            throw new CatalogException(
                    "nothing to import from "
                            + outcome.source()
                            + ": "
                            + outcome.rejectedCount()
                            + " entries rejected, none accepted; fix the problems listed and import"
                            + " again");
        }
        requireUniqueIds(outcome);
        // The manifest hash is needed only at the end of the transaction: compute it beside the
        // text checks and the insert rather than before them.
        CompletableFuture<String> hash =
                CompletableFuture.supplyAsync(
                        () -> timed("hash", () -> ManifestHash.of(outcome.utterances())));
        List<TextCheckResult> checks =
                timed("text checks", () -> TextChecks.run(outcome.utterances(), charset));
        Instant now = clock.instant();
        long[] insertedAt = new long[1];
        long t0 = System.nanoTime();
        Result result;
        try {
            result =
                    catalog.transaction(
                            c -> {
                                DatasetRecord d =
                                        new DatasetRepository(c)
                                                .insert(
                                                        name.trim(),
                                                        outcome.format(),
                                                        outcome.source().toString(),
                                                        outcome.root().toString(),
                                                        now);
                                new UtteranceRepository(c)
                                        .insertAll(
                                                d.id(),
                                                outcome.utterances(),
                                                checks,
                                                insertProgress);
                                ImportReport report =
                                        new ImportReportRepository(c).insert(d.id(), outcome, now);
                                ManifestVersion v =
                                        new ManifestVersionRepository(c)
                                                .add(
                                                        d.id(),
                                                        hash.join(),
                                                        outcome.utterances().size(),
                                                        "imported from " + outcome.source(),
                                                        now);
                                insertedAt[0] = System.nanoTime();
                                return new Result(d, v, report);
                            });
        } catch (CatalogException.NoSpace e) {
            throw new CatalogException.NoSpace(
                    "cannot import '"
                            + name.trim()
                            + "': no space left on"
                            + " device for the catalog "
                            + catalog.location()
                            + ".mv.db; the import was rolled back,"
                            + " nothing was imported; free space on that disk and import again",
                    e);
        } catch (CatalogException e) {
            if (!CatalogFailures.serverGone(e)) {
                throw e;
            }
            // The serving process may have died after our commit and before its reply
            // (bench/faults.sh caught one): then the import is whole and a retry would find the
            // name
            // taken. Ask the catalog, which the next connection serves itself, what it kept.
            result =
                    committedBeforeTheServerWent(name.trim(), now, hash.join())
                            .orElseThrow(() -> e);
        }
        long t1 = System.nanoTime();
        LOG.debug(
                "import stage: insert {} ms, commit {} ms",
                (insertedAt[0] - t0) / 1_000_000,
                (t1 - insertedAt[0]) / 1_000_000);
        return result;
    }

    /** The import of {@code name} made at {@code created} with {@code hash}, if it was committed. */
    private Optional<Result> committedBeforeTheServerWent(
            String name, Instant created, String hash) {
        try {
            return catalog.read(
                    c -> {
                        Optional<DatasetRecord> d =
                                new DatasetRepository(c)
                                        .byName(name)
                                        // the column keeps microseconds; what this JVM's clock gave
                                        // may be finer
                                        .filter(
                                                found ->
                                                        Duration.between(found.created(), created)
                                                                        .abs()
                                                                        .toMillis()
                                                                < 1);
                        if (d.isEmpty()) {
                            return Optional.<Result>empty();
                        }
                        Optional<ManifestVersion> v =
                                new ManifestVersionRepository(c)
                                        .latest(d.get().id())
                                        .filter(found -> found.contentHash().equals(hash));
                        Optional<ImportReport> report =
                                new ImportReportRepository(c).latest(d.get().id());
                        return v.isPresent() && report.isPresent()
                                ? Optional.of(new Result(d.get(), v.get(), report.get()))
                                : Optional.<Result>empty();
                    });
        } catch (CatalogException stillGone) {
            return Optional.empty();
        }
    }

    private static <T> T timed(String stage, Supplier<T> work) {
        long t0 = System.nanoTime();
        T result = work.get();
        LOG.debug("import stage: {} {} ms", stage, (System.nanoTime() - t0) / 1_000_000);
        return result;
    }

    /** The schema has no utterance-id index (see V1__init.sql), so uniqueness is enforced here. */
    private static void requireUniqueIds(ImportOutcome outcome) {
        Set<String> seen = new HashSet<>(outcome.utterances().size() * 2);
        for (Utterance u : outcome.utterances()) {
            if (!seen.add(u.id())) {
                throw new CatalogException(
                        "utterance id '"
                                + u.id()
                                + "' occurs twice in "
                                + outcome.source()
                                + "; nothing was stored. Give each utterance its own id (readers"
                                + " report such lines as DUPLICATE_ID)");
            }
        }
    }
}
