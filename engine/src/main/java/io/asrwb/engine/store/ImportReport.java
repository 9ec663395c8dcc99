package io.asrwb.engine.store;

import java.time.Instant;

/** The summary of one import as stored; its problems are in {@link ImportReportRepository#problems}. */
public record ImportReport(
        long id,
        long datasetId,
        String source,
        int imported,
        int rejected,
        int warnings,
        double totalHours,
        Instant created) {}
