package io.asrwb.engine.config;

import io.asrwb.engine.data.Split;
import java.util.List;

/** Which utterances are used and how they are batched and loaded. */
public record DataConfig(
        @Describe("Dataset name in the catalog (the bundled demo corpus is 'demo')") String dataset,
        @Describe("Manifest splits trained on") List<Split> trainSplits,
        @Describe("Manifest splits evaluated on every eval") List<Split> valSplits,
        @Describe("Longer utterances are left out of training (seconds)")
                @Range(min = 0, minExclusive = true)
                double maxDurationS,
        @Describe("Shorter utterances are left out of training (seconds)") @Range(min = 0)
                double minDurationS,
        @Describe("First epoch in order of increasing duration (SortaGrad), shuffled after")
                boolean sortagrad,
        @Describe("Utterances per training batch") @Range(min = 1, max = 4096) int batchSize,
        @Describe("Number of duration buckets batches are drawn from (less padding)")
                @Range(min = 1, max = 1000)
                int durationBuckets,
        @Describe("Background threads computing features ahead of the trainer")
                @Range(min = 1, max = 256)
                int loaderThreads,
        @Describe("Batches prepared ahead of the trainer") @Range(min = 1, max = 1024)
                int prefetchBatches,
        @Describe(
                        "Padded audio seconds per training batch (utterances × the longest);"
                                + " 0 = batches of batch_size. When set, batch_size only caps"
                                + " the count")
                @Range(min = 0, max = 100_000)
                double maxBatchSeconds) {

    public DataConfig {
        trainSplits = trainSplits == null ? List.of() : List.copyOf(trainSplits);
        valSplits = valSplits == null ? List.of() : List.copyOf(valSplits);
    }

    /** The same data settings on another catalog dataset. */
    public DataConfig withDataset(String newDataset) {
        return new DataConfig(
                newDataset,
                trainSplits,
                valSplits,
                maxDurationS,
                minDurationS,
                sortagrad,
                batchSize,
                durationBuckets,
                loaderThreads,
                prefetchBatches,
                maxBatchSeconds);
    }

    public static DataConfig defaults() {
        return new DataConfig(
                "demo", List.of(Split.TRAIN), List.of(Split.VAL), 16.0, 0.0, true, 16, 10, 2, 4, 0);
    }
}
