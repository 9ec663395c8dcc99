package io.asrwb.engine.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Rows of {@code curation}. Each {@link #save} is one statement, so on an auto-commit connection
 * (as {@link Catalog#read} gives) every edit is on disk as soon as it returns.
 */
public final class CurationRepository {

    private final Connection c;

    public CurationRepository(Connection connection) {
        this.c = connection;
    }

    /**
     * Inserts or replaces the state of one utterance.
     *
     * @throws IllegalArgumentException when the dataset has no such utterance (checked here: the
     *     schema has no utterance-id index a foreign key could use)
     */
    public void save(long datasetId, CurationState s) throws SQLException {
        if (!new UtteranceRepository(c).exists(datasetId, s.uttId())) {
            throw new IllegalArgumentException(
                    "dataset "
                            + datasetId
                            + " has no utterance '"
                            + s.uttId()
                            + "' to curate; reload the dataset and retry");
        }
        try (PreparedStatement p =
                c.prepareStatement(
                        "MERGE INTO curation(dataset_id, utt_id, flagged, excluded,"
                            + " edited_transcript, note, changed_by, changed_at) KEY (dataset_id,"
                            + " utt_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?)")) {
            p.setLong(1, datasetId);
            p.setString(2, s.uttId());
            p.setBoolean(3, s.flagged());
            p.setBoolean(4, s.excluded());
            p.setString(5, s.editedTranscript());
            p.setString(6, s.note());
            p.setString(7, s.who());
            Jdbc.setInstant(p, 8, s.when());
            p.executeUpdate();
        }
    }

    /**
     * Flags an utterance with why, keeping the rest of its state (exclusion, edited transcript):
     * {@code reason} is added to its note unless the note says it already, so a flag raised again
     * (the next run, a resumed one) leaves it as it was.
     *
     * @return false when the dataset has no such utterance (nothing changed)
     */
    public boolean flag(long datasetId, String uttId, String reason, String who, Instant when)
            throws SQLException {
        if (!new UtteranceRepository(c).exists(datasetId, uttId)) {
            return false;
        }
        CurationState before =
                get(datasetId, uttId).orElse(CurationState.untouched(uttId, who, when));
        if (before.flagged() && before.note().contains(reason)) {
            return true;
        }
        String note =
                before.note().contains(reason)
                        ? before.note()
                        : before.note().isEmpty() ? reason : before.note() + "; " + reason;
        save(
                datasetId,
                new CurationState(
                        uttId,
                        true,
                        before.excluded(),
                        before.editedTranscript(),
                        note,
                        who,
                        when));
        return true;
    }

    public Optional<CurationState> get(long datasetId, String uttId) throws SQLException {
        try (PreparedStatement p =
                c.prepareStatement("SELECT * FROM curation WHERE dataset_id = ? AND utt_id = ?")) {
            p.setLong(1, datasetId);
            p.setString(2, uttId);
            try (ResultSet r = p.executeQuery()) {
                return r.next() ? Optional.of(row(r)) : Optional.empty();
            }
        }
    }

    /** Every touched utterance of the dataset, by id. */
    public Map<String, CurationState> of(long datasetId) throws SQLException {
        Map<String, CurationState> out = new LinkedHashMap<>();
        try (PreparedStatement p =
                c.prepareStatement("SELECT * FROM curation WHERE dataset_id = ? ORDER BY utt_id")) {
            p.setLong(1, datasetId);
            try (ResultSet r = p.executeQuery()) {
                while (r.next()) {
                    CurationState s = row(r);
                    out.put(s.uttId(), s);
                }
            }
        }
        return out;
    }

    /** Back to untouched (used by undo of a first edit). */
    public void clear(long datasetId, String uttId) throws SQLException {
        try (PreparedStatement p =
                c.prepareStatement("DELETE FROM curation WHERE dataset_id = ? AND utt_id = ?")) {
            p.setLong(1, datasetId);
            p.setString(2, uttId);
            p.executeUpdate();
        }
    }

    private static CurationState row(ResultSet r) throws SQLException {
        return new CurationState(
                r.getString("utt_id"),
                r.getBoolean("flagged"),
                r.getBoolean("excluded"),
                r.getString("edited_transcript"),
                r.getString("note"),
                r.getString("changed_by"),
                Jdbc.getInstant(r, "changed_at"));
    }
}
