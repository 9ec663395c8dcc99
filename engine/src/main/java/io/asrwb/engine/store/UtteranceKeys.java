package io.asrwb.engine.store;

/**
 * The row key of {@code utterances}: {@code dataset_id << 32 | ordinal}. One BIGINT key lets H2
 * keep the rows in the key's own map with no second index, which is what makes a 100k-row import
 * fast; a dataset's rows are the contiguous key range {@link #first}..{@link #last}.
 */
final class UtteranceKeys {

    private UtteranceKeys() {}

    static long of(long datasetId, int ordinal) {
        if (datasetId < 0 || datasetId > Integer.MAX_VALUE) {
            throw new IllegalArgumentException(
                    "dataset id " + datasetId + " does not fit the utterance row key");
        }
        if (ordinal < 0) {
            throw new IllegalArgumentException("negative ordinal " + ordinal);
        }
        return datasetId << 32 | ordinal;
    }

    /** The smallest key of the dataset's rows. */
    static long first(long datasetId) {
        return of(datasetId, 0);
    }

    /** The largest possible key of the dataset's rows. */
    static long last(long datasetId) {
        return of(datasetId, Integer.MAX_VALUE);
    }
}
