package io.asrwb.engine.data.batching;

import io.asrwb.engine.config.DataConfig;
import io.asrwb.engine.data.random.StableRandom;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Draws an epoch's batch order from duration buckets, as a pure function of (seed, epoch).
 *
 * <p>Utterances are sorted by duration (ties by id), cut into {@code buckets} runs of equal count,
 * shuffled inside each run, laid end to end in duration order and cut into batches; then the
 * batches are shuffled. Batches thus hold neighbours in duration (little padding) while which
 * neighbours, and the order of batches, change every epoch. Cutting after concatenation rather than
 * per bucket leaves one short batch per epoch instead of one per bucket.
 *
 * <p>With SortaGrad, epoch 0 goes shortest first, unshuffled (short utterances stabilise early
 * CTC training).
 *
 * <p>With a budget of seconds ({@code maxBatchSeconds > 0}) a batch is cut where one more
 * utterance would make its padded audio (utterances × the longest of them) exceed the budget, so a
 * batch of long utterances holds few and one of short utterances many: a step's memory, which grows
 * with padded frames, stays flat across the epoch. {@code batchSize} then only caps the count.
 *
 * @param batchSize utterances per batch (the last batch of an epoch may be shorter); with a budget,
 *     the most a batch holds
 * @param buckets duration buckets; 1 = shuffle everything, as random batching
 * @param sortaGrad epoch 0 in increasing duration
 * @param maxBatchSeconds padded audio seconds per batch, or 0 for batches of {@code batchSize}
 */
public record BatchPlanner(int batchSize, int buckets, boolean sortaGrad, double maxBatchSeconds) {

    public BatchPlanner {
        if (batchSize < 1) {
            throw new IllegalArgumentException("batch size must be ≥ 1, got " + batchSize);
        }
        if (buckets < 1) {
            throw new IllegalArgumentException("bucket count must be ≥ 1, got " + buckets);
        }
        if (!(maxBatchSeconds >= 0) || Double.isInfinite(maxBatchSeconds)) {
            throw new IllegalArgumentException(
                    "batch budget must be ≥ 0 seconds (0 = off), got " + maxBatchSeconds);
        }
    }

    /** The training batch order a run's data config asks for. */
    public static BatchPlanner forTraining(DataConfig data) {
        return new BatchPlanner(
                data.batchSize(), data.durationBuckets(), data.sortagrad(), data.maxBatchSeconds());
    }

    /** Batches of {@code batchSize} utterances. */
    public BatchPlanner(int batchSize, int buckets, boolean sortaGrad) {
        this(batchSize, buckets, sortaGrad, 0);
    }

    /** The plan of {@code epoch}. */
    public BatchPlan plan(List<PlanEntry> entries, long seed, int epoch) {
        List<PlanEntry> sorted = sortedByDuration(entries);
        if (sortaGrad && epoch == 0) {
            return new BatchPlan(seed, epoch, cut(sorted));
        }
        StableRandom random = StableRandom.derive(seed, "batch-plan", epoch, "");
        int n = sorted.size();
        int bucketCount = Math.max(1, Math.min(buckets, n));
        List<PlanEntry> laid = new ArrayList<>(n);
        for (int k = 0; k < bucketCount; k++) {
            List<PlanEntry> bucket =
                    new ArrayList<>(
                            sorted.subList(
                                    (int) ((long) n * k / bucketCount),
                                    (int) ((long) n * (k + 1) / bucketCount)));
            random.shuffle(bucket);
            laid.addAll(bucket);
        }
        List<List<String>> batches = new ArrayList<>(cut(laid));
        random.shuffle(batches);
        return new BatchPlan(seed, epoch, batches);
    }

    /** Every utterance once, shortest first, unshuffled: validation and evaluation order. */
    public BatchPlan sequential(List<PlanEntry> entries) {
        return new BatchPlan(0, 0, cut(sortedByDuration(entries)));
    }

    private static List<PlanEntry> sortedByDuration(List<PlanEntry> entries) {
        Set<String> seen = new HashSet<>();
        for (PlanEntry e : entries) {
            if (!seen.add(e.id())) {
                throw new IllegalArgumentException(
                        "utterance id "
                                + e.id()
                                + " appears twice; ids must be unique within the utterances"
                                + " planned");
            }
        }
        List<PlanEntry> sorted = new ArrayList<>(entries);
        sorted.sort(
                Comparator.comparingDouble(PlanEntry::durationSeconds)
                        .thenComparing(PlanEntry::id));
        return sorted;
    }

    private List<List<String>> cut(List<PlanEntry> ordered) {
        if (maxBatchSeconds > 0) {
            return cutByBudget(ordered);
        }
        List<List<String>> out = new ArrayList<>();
        for (int i = 0; i < ordered.size(); i += batchSize) {
            out.add(
                    ordered.subList(i, Math.min(ordered.size(), i + batchSize)).stream()
                            .map(PlanEntry::id)
                            .toList());
        }
        return out;
    }

    /**
     * Cuts where one more utterance would push the batch's padded seconds over the budget. An
     * utterance longer than the whole budget still gets a batch of its own (the validator refuses
     * such configs; a dataset changed since can still hold one).
     */
    private List<List<String>> cutByBudget(List<PlanEntry> ordered) {
        List<List<String>> out = new ArrayList<>();
        List<String> batch = new ArrayList<>();
        double longest = 0;
        for (PlanEntry e : ordered) {
            double widened = Math.max(longest, e.durationSeconds());
            boolean fits =
                    (batch.size() + 1) * widened <= maxBatchSeconds && batch.size() < batchSize;
            if (!batch.isEmpty() && !fits) {
                out.add(List.copyOf(batch));
                batch.clear();
                widened = e.durationSeconds();
            }
            batch.add(e.id());
            longest = widened;
        }
        if (!batch.isEmpty()) {
            out.add(List.copyOf(batch));
        }
        return out;
    }
}
