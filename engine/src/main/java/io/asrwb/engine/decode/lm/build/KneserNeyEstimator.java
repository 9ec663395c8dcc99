package io.asrwb.engine.decode.lm.build;

import io.asrwb.engine.decode.lm.LanguageModel;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * Interpolated modified Kneser-Ney estimation (Chen &amp; Goodman 1998), as KenLM's lmplz does it:
 *
 * <ol>
 *   <li>Adjusted counts a(g): the raw count for the highest order and for n-grams starting with
 *       {@code <s>} (nothing precedes them); otherwise the continuation count, the number of
 *       distinct words seen before g.
 *   <li>Discounts D1, D2, D3+ per order from that order's count-of-counts of adjusted counts.
 *   <li>For an n-gram h·w: p(w|h) = (a(h·w) − D(a(h·w))) / A(h) + γ(h)·p(w|h′), where A(h) sums
 *       a over h's continuations, h′ is h without its first word, and γ(h) = (Σ D over kept
 *       continuations + Σ a over pruned ones) / A(h). Unigrams interpolate with the uniform
 *       distribution over the vocabulary (every word, {@code </s>} and {@code <unk>}).
 *   <li>γ(h) is h's back-off weight: for a word never seen after h the back-off model gives
 *       γ(h)·p(w|h′), exactly the interpolated value, so every context's distribution sums to 1
 *       — with or without pruning, since a pruned n-gram's whole mass goes to γ.
 * </ol>
 *
 * {@code <s>} is a context only: its unigram gets log10 probability −99 (never predicted).
 */
public final class KneserNeyEstimator {

    /** log10 probability written for {@code <s>}, which is never predicted (SRILM and KenLM do so). */
    public static final double SENTENCE_START_LOG10 = -99;

    private KneserNeyEstimator() {}

    /** Estimates the model from the counts, pruned by the thresholds. */
    public static NgramModel estimate(NgramCounts counts, PruneThresholds prune) {
        int order = counts.order();
        List<Map<String, Long>> adjusted = adjustedCounts(counts);
        List<Discounts> discounts = new ArrayList<>();
        for (int n = 1; n <= order; n++) {
            discounts.add(Discounts.fromCountOfCounts(countOfCounts(adjusted.get(n - 1))));
        }
        List<Set<String>> kept = kept(counts, prune);

        Set<String> vocabulary = new HashSet<>(adjusted.get(0).keySet());
        vocabulary.add(LanguageModel.SENTENCE_END);
        vocabulary.add(LanguageModel.UNKNOWN);
        double uniform = 1.0 / vocabulary.size();

        List<Map<String, Double>> probabilities = new ArrayList<>();
        // gammas.get(n - 1): interpolation weight γ of each context of the order-n n-grams.
        List<Map<String, Double>> gammas = new ArrayList<>();
        for (int n = 1; n <= order; n++) {
            Map<String, Long> a = adjusted.get(n - 1);
            Discounts d = discounts.get(n - 1);
            Set<String> keep = kept.get(n - 1);
            Map<String, double[]> contexts = new HashMap<>(); // context -> {A, discounted, pruned}
            a.forEach(
                    (ngram, count) -> {
                        double[] c = contexts.computeIfAbsent(context(ngram), k -> new double[3]);
                        c[0] += count;
                        if (keep.contains(ngram)) {
                            c[1] += d.of(count);
                        } else {
                            c[2] += count;
                        }
                    });
            Map<String, Double> gamma = new HashMap<>(contexts.size() * 2);
            contexts.forEach((ctx, c) -> gamma.put(ctx, (c[1] + c[2]) / c[0]));
            Map<String, Double> lower = n == 1 ? null : probabilities.get(n - 2);
            Map<String, Double> p = new HashMap<>(keep.size() * 2);
            for (String ngram : keep) {
                long count = a.get(ngram);
                String ctx = context(ngram);
                double lowerP = n == 1 ? uniform : lower.get(suffix(ngram));
                p.put(
                        ngram,
                        (count - d.of(count)) / contexts.get(ctx)[0] + gamma.get(ctx) * lowerP);
            }
            if (n == 1) {
                p.putIfAbsent(LanguageModel.UNKNOWN, gamma.get("") * uniform);
            }
            probabilities.add(p);
            gammas.add(gamma);
        }
        return new NgramModel(entries(order, probabilities, gammas), discounts);
    }

    private static List<SortedMap<String, NgramModel.Entry>> entries(
            int order, List<Map<String, Double>> probabilities, List<Map<String, Double>> gammas) {
        List<SortedMap<String, NgramModel.Entry>> byOrder = new ArrayList<>();
        for (int n = 1; n <= order; n++) {
            Map<String, Double> higherGamma = n < order ? gammas.get(n) : Map.of();
            SortedMap<String, NgramModel.Entry> entries = new TreeMap<>();
            probabilities
                    .get(n - 1)
                    .forEach(
                            (ngram, p) ->
                                    entries.put(
                                            ngram,
                                            new NgramModel.Entry(
                                                    Math.log10(p),
                                                    backoff(higherGamma.get(ngram)))));
            if (n == 1) {
                entries.put(
                        LanguageModel.SENTENCE_START,
                        new NgramModel.Entry(
                                SENTENCE_START_LOG10,
                                backoff(higherGamma.get(LanguageModel.SENTENCE_START))));
            }
            byOrder.add(entries);
        }
        return byOrder;
    }

    private static double backoff(Double gamma) {
        return gamma == null ? Double.NaN : Math.log10(gamma);
    }

    /** Raw counts at the top order and after {@code <s>}; continuation counts elsewhere. */
    static List<Map<String, Long>> adjustedCounts(NgramCounts counts) {
        int order = counts.order();
        List<Map<String, Long>> adjusted = new ArrayList<>();
        for (int n = 1; n <= order; n++) {
            adjusted.add(null);
        }
        adjusted.set(order - 1, new HashMap<>(counts.of(order)));
        for (int n = order - 1; n >= 1; n--) {
            Map<String, Long> continuation = new HashMap<>();
            for (String longer : counts.of(n + 1).keySet()) {
                continuation.merge(suffix(longer), 1L, Long::sum);
            }
            Map<String, Long> a = new HashMap<>(counts.of(n).size() * 2);
            counts.of(n)
                    .forEach(
                            (ngram, raw) ->
                                    a.put(
                                            ngram,
                                            startsSentence(ngram)
                                                    ? raw
                                                    : continuation.getOrDefault(ngram, 0L)));
            adjusted.set(n - 1, a);
        }
        return adjusted;
    }

    /** t[k]: how many n-grams have adjusted count exactly k, k = 1..4. */
    static long[] countOfCounts(Map<String, Long> adjusted) {
        long[] t = new long[5];
        for (long a : adjusted.values()) {
            if (a >= 1 && a <= 4) {
                t[(int) a]++;
            }
        }
        return t;
    }

    /**
     * The n-grams each order keeps: raw count above the threshold, plus the prefix and suffix of
     * every kept longer n-gram (so the ARPA file never holds an n-gram without its context).
     */
    static List<Set<String>> kept(NgramCounts counts, PruneThresholds prune) {
        int order = counts.order();
        List<Set<String>> kept = new ArrayList<>();
        for (int n = 1; n <= order; n++) {
            long threshold = n == 1 ? 0 : prune.of(n);
            Set<String> keep = new HashSet<>();
            counts.of(n)
                    .forEach(
                            (ngram, raw) -> {
                                if (raw > threshold) {
                                    keep.add(ngram);
                                }
                            });
            kept.add(keep);
        }
        for (int n = order; n >= 2; n--) {
            Set<String> lower = kept.get(n - 2);
            for (String ngram : kept.get(n - 1)) {
                String prefix = context(ngram);
                if (n > 2 || !prefix.equals(LanguageModel.SENTENCE_START)) {
                    lower.add(prefix);
                }
                lower.add(suffix(ngram));
            }
        }
        return kept;
    }

    /** All words but the last ("" for a unigram). */
    static String context(String ngram) {
        int space = ngram.lastIndexOf(' ');
        return space < 0 ? "" : ngram.substring(0, space);
    }

    /** All words but the first. */
    static String suffix(String ngram) {
        return ngram.substring(ngram.indexOf(' ') + 1);
    }

    private static boolean startsSentence(String ngram) {
        return ngram.startsWith(LanguageModel.SENTENCE_START + " ");
    }
}
