package io.asrwb.engine.store;

import java.time.Instant;

/**
 * One manifest the catalog produced for a dataset (version 1 at import, one more per export).
 *
 * @param contentHash {@link io.asrwb.engine.data.ManifestHash} of its utterances
 */
public record ManifestVersion(
        long id,
        long datasetId,
        int version,
        String contentHash,
        int utteranceCount,
        Instant created,
        String note) {}
