package io.asrwb.engine.store;

import io.asrwb.engine.data.curation.CheckThresholds;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Computes {@link DatasetStats} with a couple of aggregate queries. */
public final class DatasetStatsQuery {

    /** Duration bucket edges in seconds; the last bucket is open-ended. */
    static final double[] EDGES = {0, 1, 2, 5, 10, 15, 20, 30, Double.POSITIVE_INFINITY};

    /** Flag name → SQL condition on a row of utterances u left-joined with curation k. */
    static final Map<String, String> FLAGS = flagConditions();

    private static Map<String, String> flagConditions() {
        Map<String, String> f = new LinkedHashMap<>();
        f.put("flagged", "k.flagged");
        f.put("excluded", "k.excluded");
        f.put("edited", "k.edited_transcript IS NOT NULL");
        f.put("duration_outlier", "u.duration_outlier");
        f.put("chars_per_sec_outlier", "u.cps_outlier");
        f.put("charset_violation", "u.charset_violation IS NOT NULL");
        f.put("duplicate_transcript", "u.dup_transcript_count > 1");
        f.put("clipped", "u.clipping_ratio > " + CheckThresholds.CLIPPED_RATIO);
        f.put("long_leading_silence", "u.leading_silence_s > " + CheckThresholds.LONG_SILENCE_S);
        f.put("long_trailing_silence", "u.trailing_silence_s > " + CheckThresholds.LONG_SILENCE_S);
        f.put("quiet", "u.rms_db < " + CheckThresholds.QUIET_DBFS);
        f.put("duplicate_audio", "u.dup_audio_of IS NOT NULL");
        f.put("unreadable_audio", "u.audio_error IS NOT NULL");
        return Collections.unmodifiableMap(f);
    }

    private final Connection c;

    public DatasetStatsQuery(Connection connection) {
        this.c = connection;
    }

    public DatasetStats of(String name) throws SQLException {
        DatasetRecord d = new DatasetRepository(c).require(name);
        StringBuilder sql =
                new StringBuilder(
                        "SELECT COUNT(*), COALESCE(SUM(u.duration_s), 0),"
                                + " COUNT(u.checked_at)");
        for (String cond : FLAGS.values()) {
            sql.append(", COUNT(CASE WHEN ").append(cond).append(" THEN 1 END)");
        }
        for (int b = 0; b + 1 < EDGES.length; b++) {
            sql.append(", COUNT(CASE WHEN u.duration_s >= ").append(EDGES[b]);
            if (!Double.isInfinite(EDGES[b + 1])) {
                sql.append(" AND u.duration_s < ").append(EDGES[b + 1]);
            }
            sql.append(" THEN 1 END)");
        }
        sql.append(
                " FROM utterances u LEFT JOIN curation k ON k.dataset_id = u.dataset_id AND"
                        + " k.utt_id = u.utt_id WHERE u.id BETWEEN ? AND ?");
        try (PreparedStatement p = c.prepareStatement(sql.toString())) {
            UtteranceRepository.inDataset(p, 1, d.id());
            try (ResultSet r = p.executeQuery()) {
                r.next();
                int col = 1;
                int count = r.getInt(col++);
                double hours = r.getDouble(col++) / 3600.0;
                int checked = r.getInt(col++);
                Map<String, Integer> flags = new LinkedHashMap<>();
                for (String flag : FLAGS.keySet()) {
                    flags.put(flag, r.getInt(col++));
                }
                List<DatasetStats.Bucket> histogram = new ArrayList<>();
                for (int b = 0; b + 1 < EDGES.length; b++) {
                    histogram.add(new DatasetStats.Bucket(EDGES[b], EDGES[b + 1], r.getInt(col++)));
                }
                return new DatasetStats(
                        d,
                        count,
                        hours,
                        histogram,
                        flags,
                        checked,
                        new ManifestVersionRepository(c).latest(d.id()).orElse(null));
            }
        }
    }

    /** Every dataset with its size, by name. */
    public List<DatasetSummary> list() throws SQLException {
        List<DatasetSummary> out = new ArrayList<>();
        for (DatasetRecord d : new DatasetRepository(c).all()) {
            try (PreparedStatement p =
                    c.prepareStatement(
                            "SELECT COUNT(*), COALESCE(SUM(duration_s), 0), (SELECT"
                                + " COALESCE(MAX(version), 0) FROM manifest_versions WHERE"
                                + " dataset_id = ?) FROM utterances WHERE id BETWEEN ? AND ?")) {
                p.setLong(1, d.id());
                UtteranceRepository.inDataset(p, 2, d.id());
                try (ResultSet r = p.executeQuery()) {
                    r.next();
                    out.add(
                            new DatasetSummary(
                                    d, r.getInt(1), r.getDouble(2) / 3600.0, r.getInt(3)));
                }
            }
        }
        return out;
    }
}
