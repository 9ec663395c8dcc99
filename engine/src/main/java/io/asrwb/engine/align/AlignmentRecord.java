package io.asrwb.engine.align;

import java.time.OffsetDateTime;

/** One stored alignment of a dataset split: which checkpoint made it, when. */
public record AlignmentRecord(
        long id,
        long datasetId,
        String split,
        String checkpoint,
        long step,
        double frameSeconds,
        OffsetDateTime createdAt) {}
