package io.asrwb.engine.decode.lm;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A back-off n-gram model read from an ARPA file (see {@link ArpaReader}). Held in hash maps keyed
 * by the space-joined words: simple and fast enough for domain LMs of up to a few million n-grams.
 */
public final class ArpaLanguageModel implements LanguageModel {

    /** KenLM's probability for an unknown word when the file has no {@code <unk>} entry. */
    static final double MISSING_UNKNOWN_LOG10 = -100.0;

    /** log10 probability and log10 back-off weight of one n-gram. */
    record Entry(float log10Probability, float log10Backoff) {}

    // byOrder.get(n - 1): the n-grams of order n.
    private final List<Map<String, Entry>> byOrder;
    private final double unknownLog10;

    ArpaLanguageModel(List<Map<String, Entry>> byOrder) {
        this.byOrder = List.copyOf(byOrder);
        Entry unk = byOrder.get(0).get(UNKNOWN);
        this.unknownLog10 = unk == null ? MISSING_UNKNOWN_LOG10 : unk.log10Probability();
    }

    @Override
    public int order() {
        return byOrder.size();
    }

    /** How many n-grams of the given order (1-based) the model holds. */
    public int count(int n) {
        return byOrder.get(n - 1).size();
    }

    @Override
    public boolean knows(String word) {
        return byOrder.get(0).containsKey(word);
    }

    @Override
    public Set<String> vocabulary() {
        Set<String> words = new HashSet<>(byOrder.get(0).keySet());
        words.removeAll(Set.of(SENTENCE_START, SENTENCE_END, UNKNOWN));
        return Set.copyOf(words);
    }

    @Override
    public double log10Probability(List<String> history, String word) {
        int contextLength = Math.min(order() - 1, history.size());
        List<String> context = new ArrayList<>(contextLength + 1);
        for (String w : history.subList(history.size() - contextLength, history.size())) {
            context.add(knows(w) ? w : UNKNOWN);
        }
        return backedOff(context, knows(word) ? word : UNKNOWN);
    }

    /**
     * Standard back-off: the n-gram if present, else the context's back-off weight plus the
     * probability under the context one word shorter.
     */
    private double backedOff(List<String> context, String word) {
        double backoff = 0;
        for (int start = 0; start <= context.size(); start++) {
            List<String> ctx = context.subList(start, context.size());
            Entry hit = byOrder.get(ctx.size()).get(key(ctx, word));
            if (hit != null) {
                return backoff + hit.log10Probability();
            }
            if (!ctx.isEmpty()) {
                Entry ctxEntry = byOrder.get(ctx.size() - 1).get(String.join(" ", ctx));
                backoff += ctxEntry == null ? 0 : ctxEntry.log10Backoff();
            }
        }
        return backoff + unknownLog10;
    }

    private static String key(List<String> context, String word) {
        if (context.isEmpty()) {
            return word;
        }
        return String.join(" ", context) + " " + word;
    }

    static Map<String, Entry> newOrderMap(long expected) {
        return new HashMap<>((int) Math.min(Integer.MAX_VALUE / 2, expected * 4 / 3 + 1));
    }
}
