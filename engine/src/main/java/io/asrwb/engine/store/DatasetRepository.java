package io.asrwb.engine.store;

import io.asrwb.engine.data.DatasetFormat;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Rows of {@code datasets}. */
public final class DatasetRepository {

    private final Connection c;

    public DatasetRepository(Connection connection) {
        this.c = connection;
    }

    /** @throws CatalogException.DatasetName when the name is taken */
    public DatasetRecord insert(
            String name, DatasetFormat format, String source, String root, Instant created)
            throws SQLException {
        if (byName(name).isPresent()) {
            throw nameTaken(name);
        }
        try (PreparedStatement p =
                c.prepareStatement(
                        "INSERT INTO datasets(name, format, source_path, root_path, created_at)"
                                + " VALUES (?, ?, ?, ?, ?)",
                        Statement.RETURN_GENERATED_KEYS)) {
            p.setString(1, name);
            p.setString(2, format.cliName());
            p.setString(3, source);
            p.setString(4, root);
            Jdbc.setInstant(p, 5, created);
            p.executeUpdate();
            try (ResultSet k = p.getGeneratedKeys()) {
                k.next();
                return new DatasetRecord(k.getLong(1), name, format, source, root, created);
            }
        } catch (SQLException e) {
            if ("23505"
                    .equals(e.getSQLState())) { // unique violation: another connection won the race
                throw nameTaken(name);
            }
            throw e;
        }
    }

    static CatalogException.DatasetName nameTaken(String name) {
        return new CatalogException.DatasetName(
                "a dataset named '"
                        + name
                        + "' is already in the catalog; choose another --name, or look at it with"
                        + " 'asrwb dataset list'");
    }

    public Optional<DatasetRecord> byName(String name) throws SQLException {
        try (PreparedStatement p = c.prepareStatement("SELECT * FROM datasets WHERE name = ?")) {
            p.setString(1, name);
            try (ResultSet r = p.executeQuery()) {
                return r.next() ? Optional.of(row(r)) : Optional.empty();
            }
        }
    }

    /** @throws CatalogException.DatasetName naming the datasets that do exist */
    public DatasetRecord require(String name) throws SQLException {
        Optional<DatasetRecord> d = byName(name);
        if (d.isPresent()) {
            return d.get();
        }
        List<String> names = all().stream().map(DatasetRecord::name).toList();
        throw new CatalogException.DatasetName(
                "no dataset named '"
                        + name
                        + "' in the catalog; "
                        + (names.isEmpty()
                                ? "import one with 'asrwb dataset import'"
                                : "the catalog has: " + String.join(", ", names)));
    }

    public List<DatasetRecord> all() throws SQLException {
        List<DatasetRecord> out = new ArrayList<>();
        try (Statement s = c.createStatement();
                ResultSet r = s.executeQuery("SELECT * FROM datasets ORDER BY name")) {
            while (r.next()) {
                out.add(row(r));
            }
        }
        return out;
    }

    /**
     * Deletes the dataset and everything recorded about it: its utterances by their key range (they
     * have no foreign key, see V1__init.sql), the rest by cascade. Run it in a transaction so a
     * failure leaves the dataset whole.
     */
    public void delete(long id) throws SQLException {
        new UtteranceRepository(c).deleteAll(id);
        try (PreparedStatement p = c.prepareStatement("DELETE FROM datasets WHERE id = ?")) {
            p.setLong(1, id);
            p.executeUpdate();
        }
    }

    private static DatasetRecord row(ResultSet r) throws SQLException {
        return new DatasetRecord(
                r.getLong("id"),
                r.getString("name"),
                DatasetFormat.fromCliName(r.getString("format")),
                r.getString("source_path"),
                r.getString("root_path"),
                Jdbc.getInstant(r, "created_at"));
    }
}
