package io.asrwb.engine.store;

import java.util.List;
import java.util.Map;

/**
 * Counts for {@code dataset stats} and the app's dataset overview.
 *
 * @param histogram utterance counts per duration bucket
 * @param flags     how many utterances carry each flag (see {@link DatasetStatsQuery#FLAGS})
 * @param checked   how many utterances have decoded-audio check results
 */
public record DatasetStats(
        DatasetRecord dataset,
        int count,
        double hours,
        List<Bucket> histogram,
        Map<String, Integer> flags,
        int checked,
        ManifestVersion latestManifest) {

    /** Utterances with {@code fromS ≤ duration < toS}. */
    public record Bucket(double fromS, double toS, int count) {}
}
