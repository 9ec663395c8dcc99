package io.asrwb.engine.decode.lm.build;

import java.util.List;
import java.util.SortedMap;

/**
 * An estimated back-off n-gram model, ready to write as ARPA.
 *
 * @param byOrder   {@code byOrder.get(n - 1)}: the n-grams of order n, sorted, with their entries
 * @param discounts the modified Kneser-Ney discounts of each order (index n − 1)
 */
public record NgramModel(List<SortedMap<String, Entry>> byOrder, List<Discounts> discounts) {

    /**
     * One n-gram: log10 P(last word | the words before it), and the log10 back-off weight applied
     * when this n-gram is the context of a word it was never followed by (NaN: not a context).
     */
    public record Entry(double log10Probability, double log10Backoff) {

        public boolean hasBackoff() {
            return !Double.isNaN(log10Backoff);
        }
    }

    public NgramModel {
        byOrder = List.copyOf(byOrder);
        discounts = List.copyOf(discounts);
    }

    public int order() {
        return byOrder.size();
    }

    /** n-grams of order n (1-based). */
    public int count(int n) {
        return byOrder.get(n - 1).size();
    }

    public Entry get(String ngram) {
        int n = ngram.isEmpty() ? 0 : ngram.split(" ").length;
        return n == 0 || n > order() ? null : byOrder.get(n - 1).get(ngram);
    }
}
