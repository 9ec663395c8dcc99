package io.asrwb.engine.store;

/** One line of {@code dataset list}: a dataset, its size and its newest manifest version. */
public record DatasetSummary(DatasetRecord dataset, int count, double hours, int latestVersion) {}
