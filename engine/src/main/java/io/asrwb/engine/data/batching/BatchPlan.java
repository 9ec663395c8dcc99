package io.asrwb.engine.data.batching;

import java.util.List;

/**
 * The order of one epoch's batches, each a list of utterance ids. A resumed run rebuilds the plan
 * from (seed, epoch) and seeks to the saved batch index.
 *
 * @param seed    the run seed it was drawn from
 * @param epoch   the epoch it orders
 * @param batches utterance ids, batch by batch
 */
public record BatchPlan(long seed, int epoch, List<List<String>> batches) {

    public BatchPlan {
        batches = batches.stream().map(List::copyOf).toList();
    }

    public int size() {
        return batches.size();
    }

    public List<String> batch(int index) {
        return batches.get(index);
    }

    /** Batches from {@code index} on: what a run resumed at that position still has to see. */
    public List<List<String>> from(int index) {
        if (index < 0 || index > batches.size()) {
            throw new IndexOutOfBoundsException(
                    "batch index "
                            + index
                            + " outside 0.."
                            + batches.size()
                            + " of epoch "
                            + epoch
                            + "'s plan; the checkpoint belongs to a different plan (dataset or"
                            + " batch size changed?)");
        }
        return batches.subList(index, batches.size());
    }

    public int utteranceCount() {
        return batches.stream().mapToInt(List::size).sum();
    }
}
