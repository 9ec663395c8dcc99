package io.asrwb.engine.store;

import io.asrwb.engine.data.ImportProgress;
import io.asrwb.engine.data.Split;
import io.asrwb.engine.data.Utterance;
import io.asrwb.engine.data.curation.AudioCheckResult;
import io.asrwb.engine.data.curation.TextCheckResult;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CancellationException;

/**
 * Rows of {@code utterances}: the imported utterances and their check results. Rows are keyed by
 * {@link UtteranceKeys} and every per-dataset statement works on the dataset's key range; there is
 * no index on the utterance id, so look-ups by id scan the dataset's range once.
 */
public final class UtteranceRepository {

    /** Rows per JDBC batch: large enough to amortise round trips, small enough to bound memory. */
    static final int BATCH = 1000;

    private final Connection c;

    public UtteranceRepository(Connection connection) {
        this.c = connection;
    }

    /**
     * Inserts utterances with their import-time checks, in batches.
     *
     * @param progress told after each batch; returning false cancels (the caller's transaction
     *                 then rolls back)
     */
    public void insertAll(
            long datasetId,
            List<Utterance> utterances,
            List<TextCheckResult> checks,
            ImportProgress progress)
            throws SQLException {
        insertAll(datasetId, 0, utterances, checks, progress);
    }

    /**
     * Inserts utterances after the dataset's first {@code firstOrdinal} (an append keeps the rows
     * already there and their keys).
     */
    public void insertAll(
            long datasetId,
            int firstOrdinal,
            List<Utterance> utterances,
            List<TextCheckResult> checks,
            ImportProgress progress)
            throws SQLException {
        if (utterances.size() != checks.size()) {
            throw new IllegalArgumentException(
                    utterances.size() + " utterances but " + checks.size() + " check results");
        }
        try (PreparedStatement p = c.prepareStatement(UtteranceRow.INSERT)) {
            int n = utterances.size();
            for (int i = 0; i < n; i++) {
                UtteranceRow.bind(p, datasetId, firstOrdinal + i, utterances.get(i), checks.get(i));
                p.addBatch();
                if ((i + 1) % BATCH == 0 || i == n - 1) {
                    p.executeBatch();
                    if (!progress.report(i + 1, n)) {
                        throw new CancellationException(
                                "import cancelled after " + (i + 1) + " of " + n + " utterances");
                    }
                }
            }
        }
    }

    /** Inserts one utterance at {@code ordinal} (a recorded clip added to a dataset). */
    public void insertAt(long datasetId, int ordinal, Utterance u, TextCheckResult t)
            throws SQLException {
        try (PreparedStatement p = c.prepareStatement(UtteranceRow.INSERT)) {
            UtteranceRow.bind(p, datasetId, ordinal, u, t);
            p.executeUpdate();
        }
    }

    public int count(long datasetId) throws SQLException {
        try (PreparedStatement p =
                c.prepareStatement("SELECT COUNT(*) FROM utterances WHERE id BETWEEN ? AND ?")) {
            inDataset(p, 1, datasetId);
            try (ResultSet r = p.executeQuery()) {
                r.next();
                return r.getInt(1);
            }
        }
    }

    /** Every utterance of the dataset in source order. */
    public List<StoredUtterance> of(long datasetId) throws SQLException {
        List<StoredUtterance> out = new ArrayList<>();
        try (PreparedStatement p =
                c.prepareStatement(
                        "SELECT * FROM utterances WHERE id BETWEEN ? AND ? ORDER BY id")) {
            inDataset(p, 1, datasetId);
            p.setFetchSize(BATCH);
            try (ResultSet r = p.executeQuery()) {
                while (r.next()) {
                    out.add(row(r));
                }
            }
        }
        return out;
    }

    /** Whether the dataset has an utterance with this id (one scan of the dataset's rows). */
    public boolean exists(long datasetId, String uttId) throws SQLException {
        try (PreparedStatement p =
                c.prepareStatement(
                        "SELECT 1 FROM utterances WHERE id BETWEEN ? AND ? AND utt_id = ? LIMIT"
                                + " 1")) {
            inDataset(p, 1, datasetId);
            p.setString(3, uttId);
            try (ResultSet r = p.executeQuery()) {
                return r.next();
            }
        }
    }

    /** Deletes every utterance of the dataset. */
    public int deleteAll(long datasetId) throws SQLException {
        try (PreparedStatement p =
                c.prepareStatement("DELETE FROM utterances WHERE id BETWEEN ? AND ?")) {
            inDataset(p, 1, datasetId);
            return p.executeUpdate();
        }
    }

    /**
     * Stores decoded-audio checks.
     *
     * @param dupAudioOf utterance id → id of the first utterance with the same audio (others absent)
     * @throws IllegalArgumentException naming an utterance id the dataset does not have
     */
    public void saveAudioChecks(
            long datasetId,
            Map<String, AudioCheckResult> results,
            Map<String, String> dupAudioOf,
            Instant checkedAt)
            throws SQLException {
        Map<String, Long> keys = keysById(datasetId);
        try (PreparedStatement p =
                c.prepareStatement(
                        "UPDATE utterances SET clipping_ratio = ?, leading_silence_s = ?,"
                            + " trailing_silence_s = ?, rms_db = ?, audio_hash = ?, audio_error ="
                            + " ?, dup_audio_of = ?, checked_at = ? WHERE id = ?")) {
            int pending = 0;
            for (Map.Entry<String, AudioCheckResult> e : results.entrySet()) {
                AudioCheckResult a = e.getValue();
                Jdbc.setDouble(p, 1, a.clippingRatio());
                Jdbc.setDouble(p, 2, a.leadingSilenceS());
                Jdbc.setDouble(p, 3, a.trailingSilenceS());
                Jdbc.setDouble(p, 4, a.rmsDb());
                p.setString(5, a.audioHash());
                p.setString(6, a.error());
                p.setString(7, dupAudioOf.get(e.getKey()));
                Jdbc.setInstant(p, 8, checkedAt);
                p.setLong(9, requireKey(keys, datasetId, e.getKey()));
                p.addBatch();
                if (++pending == BATCH) {
                    p.executeBatch();
                    pending = 0;
                }
            }
            if (pending > 0) {
                p.executeBatch();
            }
        }
    }

    /**
     * Records the CER of the latest evaluation that decoded this utterance (NaN clears it). One scan
     * of the dataset's rows per call: for a whole evaluation, use {@link #setLastCers}.
     */
    public void setLastCer(long datasetId, String uttId, double cer) throws SQLException {
        setLastCers(datasetId, Map.of(uttId, cer));
    }

    /** {@link #setLastCer} for many utterances with one scan of the dataset's rows. */
    public void setLastCers(long datasetId, Map<String, Double> cerById) throws SQLException {
        Map<String, Long> keys = keysById(datasetId);
        try (PreparedStatement p =
                c.prepareStatement("UPDATE utterances SET last_cer = ? WHERE id = ?")) {
            for (Map.Entry<String, Double> e : cerById.entrySet()) {
                double cer = e.getValue();
                if (Double.isNaN(cer)) {
                    p.setNull(1, Types.DOUBLE);
                } else {
                    p.setDouble(1, cer);
                }
                p.setLong(2, requireKey(keys, datasetId, e.getKey()));
                p.addBatch();
            }
            p.executeBatch();
        }
    }

    /** utterance id → row key, for the dataset's rows. */
    private Map<String, Long> keysById(long datasetId) throws SQLException {
        Map<String, Long> out = new HashMap<>();
        try (PreparedStatement p =
                c.prepareStatement("SELECT id, utt_id FROM utterances WHERE id BETWEEN ? AND ?")) {
            inDataset(p, 1, datasetId);
            p.setFetchSize(BATCH);
            try (ResultSet r = p.executeQuery()) {
                while (r.next()) {
                    out.put(r.getString(2), r.getLong(1));
                }
            }
        }
        return out;
    }

    private static long requireKey(Map<String, Long> keys, long datasetId, String uttId) {
        Long key = keys.get(uttId);
        if (key == null) {
            throw new IllegalArgumentException(
                    "dataset "
                            + datasetId
                            + " has no utterance '"
                            + uttId
                            + "'; it may have been deleted and imported again; reload the dataset"
                            + " and retry");
        }
        return key;
    }

    /** Binds the dataset's key range to parameters {@code from} and {@code from + 1} of "id BETWEEN ? AND ?". */
    static void inDataset(PreparedStatement p, int from, long datasetId) throws SQLException {
        p.setLong(from, UtteranceKeys.first(datasetId));
        p.setLong(from + 1, UtteranceKeys.last(datasetId));
    }

    private static StoredUtterance row(ResultSet r) throws SQLException {
        Utterance u =
                new Utterance(
                        r.getString("utt_id"),
                        r.getString("audio"),
                        r.getDouble("duration_s"),
                        r.getString("transcript"),
                        r.getString("speaker"),
                        Split.parse(r.getString("split")),
                        MetaJson.decode(r.getString("meta")));
        TextCheckResult t =
                new TextCheckResult(
                        Jdbc.getDouble(r, "chars_per_sec"),
                        r.getBoolean("duration_outlier"),
                        r.getBoolean("cps_outlier"),
                        r.getString("charset_violation"),
                        r.getInt("dup_transcript_count"));
        AudioCheckResult a =
                r.getObject("checked_at") == null
                        ? null
                        : new AudioCheckResult(
                                Jdbc.getDouble(r, "clipping_ratio"),
                                Jdbc.getDouble(r, "leading_silence_s"),
                                Jdbc.getDouble(r, "trailing_silence_s"),
                                Jdbc.getDouble(r, "rms_db"),
                                r.getString("audio_hash"),
                                r.getString("audio_error"));
        return new StoredUtterance(
                u,
                r.getInt("ordinal"),
                t,
                a,
                r.getString("dup_audio_of"),
                Jdbc.getDouble(r, "last_cer"));
    }
}
