package io.asrwb.app.errors;

import io.asrwb.engine.analysis.BootstrapResult;
import io.asrwb.engine.analysis.Change;
import io.asrwb.engine.analysis.PairedBootstrap;
import io.asrwb.engine.analysis.ScoredUtterance;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Checkpoints A and B on the same utterances, as {@code asrwb compare} pairs them: each utterance
 * scored by both, regressions first (the ones to look at), and the paired bootstrap of the corpus
 * WER difference.
 */
public record Comparison(
        List<CompareRow> rows, double werA, double werB, BootstrapResult bootstrap) {

    /** As the CLI's defaults, so the app and {@code asrwb compare} print the same interval. */
    static final int RESAMPLES = 1000;

    static final long SEED = 15;

    public Comparison {
        rows = List.copyOf(rows);
    }

    static Comparison of(List<ScoredUtterance> a, List<ScoredUtterance> b) {
        Map<String, ScoredUtterance> byIdB = new HashMap<>();
        b.forEach(u -> byIdB.put(u.id(), u));
        List<CompareRow> rows = new ArrayList<>();
        for (ScoredUtterance ua : a) {
            ScoredUtterance ub = byIdB.get(ua.id());
            if (ub != null) {
                rows.add(CompareRow.of(ua, ub));
            }
        }
        if (rows.isEmpty()) {
            throw new IllegalArgumentException("A and B scored no utterance both");
        }
        int[] errA = new int[rows.size()];
        int[] errB = new int[rows.size()];
        int[] words = new int[rows.size()];
        for (int i = 0; i < rows.size(); i++) {
            errA[i] = rows.get(i).a().wordErrors();
            errB[i] = rows.get(i).b().wordErrors();
            words[i] = rows.get(i).a().referenceWords();
        }
        rows.sort(
                Comparator.comparingInt((CompareRow r) -> order(r.change()))
                        .thenComparingInt(r -> r.a().wordErrors() - r.b().wordErrors())
                        .thenComparing(CompareRow::id));
        return new Comparison(
                rows,
                PairedBootstrap.wer(errA, words),
                PairedBootstrap.wer(errB, words),
                PairedBootstrap.of(errA, errB, words, RESAMPLES, SEED, 0.95));
    }

    /** How many utterances changed this way. */
    public long count(Change change) {
        return rows.stream().filter(r -> r.change() == change).count();
    }

    private static int order(Change c) {
        return switch (c) {
            case REGRESSED -> 0;
            case IMPROVED -> 1;
            case UNCHANGED -> 2;
        };
    }
}
