package io.asrwb.engine.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Training runs and their metric series. */
public final class RunRepository {

    public static final String RUNNING = "running";
    public static final String FINISHED = "finished";
    public static final String FAILED = "failed";

    private final Connection c;

    public RunRepository(Connection connection) {
        this.c = connection;
    }

    /**
     * Marks the run in {@code runDir} as running (a resumed run keeps its row and metrics) and
     * returns its id.
     */
    public long begin(String runDir, Long datasetId, String configYaml, Instant at)
            throws SQLException {
        Optional<RunRecord> existing = byRunDir(runDir);
        if (existing.isPresent()) {
            try (PreparedStatement p =
                    c.prepareStatement(
                            "UPDATE runs SET status = ?, message = '', ended_at = NULL, config_yaml"
                                    + " = ? WHERE id = ?")) {
                p.setString(1, RUNNING);
                p.setString(2, configYaml);
                p.setLong(3, existing.get().id());
                p.executeUpdate();
            }
            return existing.get().id();
        }
        try (PreparedStatement p =
                c.prepareStatement(
                        "INSERT INTO runs (run_dir, dataset_id, config_yaml, status, started_at)"
                                + " VALUES (?, ?, ?, ?, ?)",
                        Statement.RETURN_GENERATED_KEYS)) {
            p.setString(1, runDir);
            if (datasetId == null) {
                p.setNull(2, Types.BIGINT);
            } else {
                p.setLong(2, datasetId);
            }
            p.setString(3, configYaml);
            p.setString(4, RUNNING);
            Jdbc.setInstant(p, 5, at);
            p.executeUpdate();
            try (ResultSet keys = p.getGeneratedKeys()) {
                keys.next();
                return keys.getLong(1);
            }
        }
    }

    /** Records (or, for a step computed again after a resume, replaces) one metric value. */
    public void putMetric(long runId, String name, long step, double value) throws SQLException {
        try (PreparedStatement p =
                c.prepareStatement(
                        "MERGE INTO metrics (run_id, name, step, val) KEY (run_id, name, step)"
                                + " VALUES (?, ?, ?, ?)")) {
            p.setLong(1, runId);
            p.setString(2, name);
            p.setLong(3, step);
            p.setDouble(4, value);
            p.executeUpdate();
        }
    }

    /**
     * Forgets what the run recorded after {@code step}: an attempt of it that goes on from there
     * (a resume from a checkpoint at that step, or a start over from 0) computes those steps again.
     * Deletes their metric rows and sets the step reached back to {@code step}.
     */
    public void forgetAfter(long runId, long step) throws SQLException {
        try (PreparedStatement p =
                c.prepareStatement("DELETE FROM metrics WHERE run_id = ? AND step > ?")) {
            p.setLong(1, runId);
            p.setLong(2, step);
            p.executeUpdate();
        }
        progress(runId, step);
    }

    /** Records the step a run reached. */
    public void progress(long runId, long step) throws SQLException {
        try (PreparedStatement p =
                c.prepareStatement("UPDATE runs SET last_step = ? WHERE id = ?")) {
            p.setLong(1, step);
            p.setLong(2, runId);
            p.executeUpdate();
        }
    }

    /** Marks a run ended with {@code status} ({@link #FINISHED} or {@link #FAILED}). */
    public void end(long runId, String status, long step, String message, Instant at)
            throws SQLException {
        try (PreparedStatement p =
                c.prepareStatement(
                        "UPDATE runs SET status = ?, last_step = ?, message = ?, ended_at = ? WHERE"
                                + " id = ?")) {
            p.setString(1, status);
            p.setLong(2, step);
            p.setString(3, message);
            Jdbc.setInstant(p, 4, at);
            p.setLong(5, runId);
            p.executeUpdate();
        }
    }

    public Optional<RunRecord> byRunDir(String runDir) throws SQLException {
        try (PreparedStatement p = c.prepareStatement("SELECT * FROM runs WHERE run_dir = ?")) {
            p.setString(1, runDir);
            try (ResultSet r = p.executeQuery()) {
                return r.next() ? Optional.of(row(r)) : Optional.empty();
            }
        }
    }

    /** Every run, newest first. */
    public List<RunRecord> all() throws SQLException {
        List<RunRecord> out = new ArrayList<>();
        try (PreparedStatement p =
                        c.prepareStatement("SELECT * FROM runs ORDER BY started_at DESC, id DESC");
                ResultSet r = p.executeQuery()) {
            while (r.next()) {
                out.add(row(r));
            }
        }
        return out;
    }

    /** A run's series of one metric, by step. */
    public List<MetricPoint> metric(long runId, String name) throws SQLException {
        List<MetricPoint> out = new ArrayList<>();
        try (PreparedStatement p =
                c.prepareStatement(
                        "SELECT step, val FROM metrics WHERE run_id = ? AND name = ? ORDER BY"
                                + " step")) {
            p.setLong(1, runId);
            p.setString(2, name);
            try (ResultSet r = p.executeQuery()) {
                while (r.next()) {
                    out.add(new MetricPoint(name, r.getLong(1), r.getDouble(2)));
                }
            }
        }
        return out;
    }

    private static RunRecord row(ResultSet r) throws SQLException {
        long dataset = r.getLong("dataset_id");
        return new RunRecord(
                r.getLong("id"),
                r.getString("run_dir"),
                r.wasNull() ? null : dataset,
                r.getString("config_yaml"),
                r.getString("status"),
                r.getLong("last_step"),
                r.getString("message"),
                Jdbc.getInstant(r, "started_at"),
                Jdbc.getInstant(r, "ended_at"));
    }
}
