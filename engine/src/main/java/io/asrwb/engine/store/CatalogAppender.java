package io.asrwb.engine.store;

import io.asrwb.engine.data.ImportOutcome;
import io.asrwb.engine.data.ImportProgress;
import io.asrwb.engine.data.ManifestHash;
import io.asrwb.engine.data.Utterance;
import io.asrwb.engine.data.curation.TextCheckResult;
import io.asrwb.engine.data.curation.TextChecks;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.IntPredicate;

/**
 * Adds read utterances to a dataset already in the catalog, in one transaction: the rows after its
 * last, their import-time checks (duplicate transcripts counted over the whole dataset), an import
 * report, curation states given with them (e.g. drafts flagged for review) and the next manifest
 * version, hashed over every utterance. A failure leaves the dataset as it was.
 */
public final class CatalogAppender {

    /** What an append stored. */
    public record Result(DatasetRecord dataset, ManifestVersion manifest, int appended) {}

    private final Catalog catalog;
    private final IntPredicate charset;
    private final Clock clock;

    public CatalogAppender(Catalog catalog, IntPredicate charset, Clock clock) {
        this.catalog = catalog;
        this.charset = charset;
        this.clock = clock;
    }

    /**
     * @param curation states to save with the new utterances (their ids among the outcome's)
     * @throws CatalogException when the dataset is missing or an id is already in it
     */
    public Result append(String name, ImportOutcome outcome, List<CurationState> curation) {
        if (outcome.utterances().isEmpty()) {
            throw new CatalogException(
                    "nothing to append to '" + name + "' from " + outcome.source());
        }
        Instant now = clock.instant();
        return catalog.transaction(
                c -> {
                    DatasetRecord d = new DatasetRepository(c).require(name);
                    UtteranceRepository rows = new UtteranceRepository(c);
                    List<Utterance> all = new ArrayList<>();
                    Set<String> ids = new HashSet<>();
                    int next = 0;
                    for (StoredUtterance s : rows.of(d.id())) {
                        all.add(s.utterance());
                        ids.add(s.utterance().id());
                        next = Math.max(next, s.ordinal() + 1);
                    }
                    List<Utterance> added = rerooted(outcome, Path.of(d.root()));
                    for (Utterance u : added) {
                        if (!ids.add(u.id())) {
                            throw new CatalogException(
                                    "utterance id '"
                                            + u.id()
                                            + "' is already in dataset '"
                                            + name
                                            + "'; nothing was appended. Give the new utterances"
                                            + " other ids");
                        }
                    }
                    all.addAll(added);
                    List<TextCheckResult> checks = TextChecks.run(all, charset);
                    rows.insertAll(
                            d.id(),
                            next,
                            added,
                            checks.subList(checks.size() - added.size(), checks.size()),
                            ImportProgress.NONE);
                    new ImportReportRepository(c).insert(d.id(), outcome, now);
                    CurationRepository states = new CurationRepository(c);
                    for (CurationState s : curation) {
                        states.save(d.id(), s);
                    }
                    ManifestVersion v =
                            new ManifestVersionRepository(c)
                                    .add(
                                            d.id(),
                                            ManifestHash.of(all),
                                            all.size(),
                                            "appended "
                                                    + added.size()
                                                    + " from "
                                                    + outcome.source(),
                                            now);
                    return new Result(d, v, added.size());
                });
    }

    /** The outcome's audio paths as the dataset keeps them: relative to its root where under it. */
    private static List<Utterance> rerooted(ImportOutcome outcome, Path root) {
        Path base = root.toAbsolutePath().normalize();
        List<Utterance> out = new ArrayList<>(outcome.utterances().size());
        for (Utterance u : outcome.utterances()) {
            Path audio = outcome.root().resolve(u.audio()).toAbsolutePath().normalize();
            String kept =
                    audio.startsWith(base)
                            ? base.relativize(audio).toString().replace('\\', '/')
                            : audio.toString();
            out.add(
                    new Utterance(
                            u.id(),
                            kept,
                            u.durationSeconds(),
                            u.transcript(),
                            u.speaker(),
                            u.split()));
        }
        return out;
    }
}
