package io.asrwb.engine.store;

import java.time.Instant;

/**
 * A training run in the catalog.
 *
 * @param datasetId the dataset it trained on, null if unknown or deleted
 * @param status running, finished or failed
 * @param endedAt null while running
 */
public record RunRecord(
        long id,
        String runDir,
        Long datasetId,
        String configYaml,
        String status,
        long lastStep,
        String message,
        Instant startedAt,
        Instant endedAt) {}
