package io.asrwb.engine.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Rows of {@code manifest_versions}. */
public final class ManifestVersionRepository {

    private final Connection c;

    public ManifestVersionRepository(Connection connection) {
        this.c = connection;
    }

    /** Records the next version number for the dataset. */
    public ManifestVersion add(
            long datasetId, String contentHash, int utteranceCount, String note, Instant created)
            throws SQLException {
        int next = latest(datasetId).map(v -> v.version() + 1).orElse(1);
        try (PreparedStatement p =
                c.prepareStatement(
                        "INSERT INTO manifest_versions(dataset_id, version, content_hash,"
                                + " utterance_count, created_at, note) VALUES (?, ?, ?, ?, ?, ?)",
                        Statement.RETURN_GENERATED_KEYS)) {
            p.setLong(1, datasetId);
            p.setInt(2, next);
            p.setString(3, contentHash);
            p.setInt(4, utteranceCount);
            Jdbc.setInstant(p, 5, created);
            p.setString(6, note == null ? "" : note);
            p.executeUpdate();
            try (ResultSet k = p.getGeneratedKeys()) {
                k.next();
                return new ManifestVersion(
                        k.getLong(1),
                        datasetId,
                        next,
                        contentHash,
                        utteranceCount,
                        created,
                        note == null ? "" : note);
            }
        }
    }

    public List<ManifestVersion> of(long datasetId) throws SQLException {
        List<ManifestVersion> out = new ArrayList<>();
        try (PreparedStatement p =
                c.prepareStatement(
                        "SELECT * FROM manifest_versions WHERE dataset_id = ? ORDER BY version")) {
            p.setLong(1, datasetId);
            try (ResultSet r = p.executeQuery()) {
                while (r.next()) {
                    out.add(
                            new ManifestVersion(
                                    r.getLong("id"),
                                    r.getLong("dataset_id"),
                                    r.getInt("version"),
                                    r.getString("content_hash"),
                                    r.getInt("utterance_count"),
                                    Jdbc.getInstant(r, "created_at"),
                                    r.getString("note")));
                }
            }
        }
        return out;
    }

    public Optional<ManifestVersion> latest(long datasetId) throws SQLException {
        List<ManifestVersion> all = of(datasetId);
        return all.isEmpty() ? Optional.empty() : Optional.of(all.get(all.size() - 1));
    }
}
