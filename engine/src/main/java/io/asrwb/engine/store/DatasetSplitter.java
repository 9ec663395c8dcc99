package io.asrwb.engine.store;

import io.asrwb.engine.data.ManifestHash;
import io.asrwb.engine.data.Split;
import io.asrwb.engine.data.Utterance;
import io.asrwb.engine.data.curation.SplitPlan;
import io.asrwb.engine.data.curation.SplitRequest;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Gives a catalog dataset splits ({@code asrwb dataset split}, the app's Split…): the utterances
 * not excluded by curation dealt to train, val and test by {@link SplitPlan}, written with the
 * dataset's next manifest version in one transaction, so a reader sees the old splits or the new
 * ones, never half of each. Excluded utterances keep their split: every command leaves them out.
 */
public final class DatasetSplitter {

    /**
     * @param before    utterances per split before (all rows, excluded ones included)
     * @param plan      the deal of the utterances not excluded
     * @param manifest  the version that records it
     */
    public record Result(Map<Split, Integer> before, SplitPlan plan, ManifestVersion manifest) {
        public Result {
            before = Map.copyOf(before);
        }
    }

    private DatasetSplitter() {}

    /**
     * Splits {@code dataset} as {@code request} asks.
     *
     * @throws io.asrwb.engine.data.curation.SplitRefusedException when a wanted split would be
     *     empty (nothing is written)
     */
    public static Result split(Catalog catalog, String dataset, SplitRequest request, Clock clock) {
        return catalog.transaction(
                c -> {
                    DatasetRecord d = new DatasetRepository(c).require(dataset);
                    Map<String, CurationState> curation = new CurationRepository(c).of(d.id());
                    Map<Split, Integer> before = new EnumMap<>(Split.class);
                    List<SplitPlan.Row> rows = new ArrayList<>();
                    for (StoredUtterance s : new UtteranceRepository(c).of(d.id())) {
                        Utterance u = s.utterance();
                        before.merge(u.split(), 1, Integer::sum);
                        CurationState state = curation.get(u.id());
                        if (state == null || !state.excluded()) {
                            rows.add(new SplitPlan.Row(u.id(), u.speaker()));
                        }
                    }
                    SplitPlan plan = SplitPlan.of(rows, request);
                    ManifestVersion version =
                            assign(c, d, plan.splits(), note(plan, request), clock.instant());
                    return new Result(before, plan, version);
                });
    }

    /**
     * Moves the utterances named in {@code splits} to their split and records the dataset's next
     * manifest version: every change of the catalog's utterances is one (the held-out takes of a
     * recording use it too).
     */
    static ManifestVersion assign(
            Connection c, DatasetRecord d, Map<String, Split> splits, String note, Instant at)
            throws SQLException {
        try (PreparedStatement p =
                c.prepareStatement(
                        "UPDATE utterances SET split = ? WHERE id BETWEEN ? AND ? AND utt_id ="
                                + " ?")) {
            int batched = 0;
            for (Map.Entry<String, Split> e : splits.entrySet()) {
                p.setString(1, e.getValue().key());
                UtteranceRepository.inDataset(p, 2, d.id());
                p.setString(4, e.getKey());
                p.addBatch();
                if (++batched % UtteranceRepository.BATCH == 0) {
                    p.executeBatch();
                }
            }
            p.executeBatch();
        }
        List<Utterance> all = new ArrayList<>();
        for (StoredUtterance s : new UtteranceRepository(c).of(d.id())) {
            all.add(s.utterance());
        }
        return new ManifestVersionRepository(c)
                .add(d.id(), ManifestHash.of(all), all.size(), note, at);
    }

    /** "split by speaker (val 0.1, test 0.1, seed 1): train 900, val 110, test 95". */
    private static String note(SplitPlan plan, SplitRequest request) {
        return String.format(
                Locale.ROOT,
                "split by %s (val %s, test %s, seed %d): train %d, val %d, test %d",
                plan.by().key(),
                request.val(),
                request.test(),
                request.seed(),
                plan.utterances().getOrDefault(Split.TRAIN, 0),
                plan.utterances().getOrDefault(Split.VAL, 0),
                plan.utterances().getOrDefault(Split.TEST, 0));
    }
}
