package io.asrwb.engine.store;

import io.asrwb.engine.data.Utterance;
import io.asrwb.engine.data.curation.TextCheckResult;
import java.sql.PreparedStatement;
import java.sql.SQLException;

/** One utterance as a row of the {@code utterances} table: the insert and its parameters. */
final class UtteranceRow {

    static final String INSERT =
            "INSERT INTO utterances(id, dataset_id, utt_id, ordinal, audio, duration_s, transcript,"
                    + " speaker, split, chars_per_sec, duration_outlier, cps_outlier,"
                    + " charset_violation, dup_transcript_count, meta) VALUES (?, ?, ?, ?, ?, ?, ?,"
                    + " ?, ?, ?, ?, ?, ?, ?, ?)";

    static void bind(
            PreparedStatement p, long datasetId, int ordinal, Utterance u, TextCheckResult t)
            throws SQLException {
        p.setLong(1, UtteranceKeys.of(datasetId, ordinal));
        p.setLong(2, datasetId);
        p.setString(3, u.id());
        p.setInt(4, ordinal);
        p.setString(5, u.audio());
        p.setDouble(6, u.durationSeconds());
        p.setString(7, u.transcript());
        p.setString(8, u.speaker());
        p.setString(9, u.split().key());
        Jdbc.setDouble(p, 10, t.charsPerSec());
        p.setBoolean(11, t.durationOutlier());
        p.setBoolean(12, t.cpsOutlier());
        p.setString(13, t.charsetViolation());
        p.setInt(14, t.dupTranscriptCount());
        p.setString(15, MetaJson.encode(u.meta()));
    }

    private UtteranceRow() {}
}
