package io.asrwb.engine.data.batching;

import io.asrwb.engine.config.DataConfig;

/**
 * @param workers         threads computing features
 * @param prefetchBatches batches computed or held ahead of the trainer (the memory bound); workers
 *                        beyond this number have nothing to do, so keep it ≥ workers
 */
public record LoaderSettings(int workers, int prefetchBatches) {

    public LoaderSettings {
        if (workers < 1) {
            throw new IllegalArgumentException("loader workers must be ≥ 1, got " + workers);
        }
        if (prefetchBatches < 1) {
            throw new IllegalArgumentException(
                    "prefetch depth must be ≥ 1 batch, got " + prefetchBatches);
        }
    }

    public static LoaderSettings of(DataConfig data) {
        return new LoaderSettings(data.loaderThreads(), data.prefetchBatches());
    }
}
