package io.asrwb.engine.decode.lm.build;

import java.util.List;

/**
 * Count pruning as lmplz's {@code --prune}: an n-gram of order n occurring at most {@code
 * threshold(n)} times in the text is dropped (unless a longer kept n-gram needs it as its context
 * or its suffix). One value per order, the last one repeated for higher orders; unigrams are never
 * pruned (the first value must be 0) and the values never decrease, so an n-gram's prefix and
 * suffix, which occur at least as often, survive whenever it does.
 */
public record PruneThresholds(List<Long> perOrder) {

    public static final PruneThresholds NONE = new PruneThresholds(List.of());

    public PruneThresholds {
        perOrder = List.copyOf(perOrder);
        for (int i = 0; i < perOrder.size(); i++) {
            if (perOrder.get(i) < 0) {
                throw new IllegalArgumentException(
                        "prune threshold "
                                + perOrder.get(i)
                                + " for order "
                                + (i + 1)
                                + " is negative");
            }
            if (i == 0 && perOrder.get(0) != 0) {
                throw new IllegalArgumentException(
                        "unigrams cannot be pruned: the first prune threshold"
                                + " must be 0 (e.g. 0,0,1 drops trigrams seen once), got "
                                + perOrder.get(0));
            }
            if (i > 0 && perOrder.get(i) < perOrder.get(i - 1)) {
                throw new IllegalArgumentException(
                        "prune thresholds must not decrease with the order, got " + perOrder);
            }
        }
    }

    /** The threshold of order n (1-based): n-grams with a count at most this are pruned. */
    public long of(int n) {
        if (perOrder.isEmpty()) {
            return 0;
        }
        return perOrder.get(Math.min(n, perOrder.size()) - 1);
    }
}
