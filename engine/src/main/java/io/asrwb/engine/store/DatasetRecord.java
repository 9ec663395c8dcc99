package io.asrwb.engine.store;

import io.asrwb.engine.data.DatasetFormat;
import java.time.Instant;

/**
 * A dataset in the catalog.
 *
 * @param source what the user imported from (manifest file or folder)
 * @param root   the folder that relative audio paths resolve against
 */
public record DatasetRecord(
        long id, String name, DatasetFormat format, String source, String root, Instant created) {}
