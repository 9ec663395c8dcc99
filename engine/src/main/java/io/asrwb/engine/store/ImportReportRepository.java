package io.asrwb.engine.store;

import io.asrwb.engine.data.ImportOutcome;
import io.asrwb.engine.data.ImportProblem;
import io.asrwb.engine.data.ProblemKind;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Rows of {@code import_reports} and {@code import_problems}. */
public final class ImportReportRepository {

    private final Connection c;

    public ImportReportRepository(Connection connection) {
        this.c = connection;
    }

    public ImportReport insert(long datasetId, ImportOutcome outcome, Instant created)
            throws SQLException {
        int rejected = (int) outcome.rejectedCount();
        int warnings = outcome.problems().size() - rejected;
        long id;
        try (PreparedStatement p =
                c.prepareStatement(
                        "INSERT INTO import_reports(dataset_id, source_path, imported, rejected,"
                            + " warnings, total_hours, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
                        Statement.RETURN_GENERATED_KEYS)) {
            p.setLong(1, datasetId);
            p.setString(2, outcome.source().toString());
            p.setInt(3, outcome.utterances().size());
            p.setInt(4, rejected);
            p.setInt(5, warnings);
            p.setDouble(6, outcome.totalHours());
            Jdbc.setInstant(p, 7, created);
            p.executeUpdate();
            try (ResultSet k = p.getGeneratedKeys()) {
                k.next();
                id = k.getLong(1);
            }
        }
        try (PreparedStatement p =
                c.prepareStatement(
                        "INSERT INTO import_problems(report_id, seq, file, line, kind, message,"
                                + " hint, rejected) VALUES (?, ?, ?, ?, ?, ?, ?, ?)")) {
            int seq = 0;
            for (ImportProblem pr : outcome.problems()) {
                p.setLong(1, id);
                p.setInt(2, seq++);
                p.setString(3, pr.file());
                p.setInt(4, pr.line());
                p.setString(5, pr.kind().name());
                p.setString(6, pr.message());
                p.setString(7, pr.hint() == null ? "" : pr.hint());
                p.setBoolean(8, pr.rejected());
                p.addBatch();
                if (seq % UtteranceRepository.BATCH == 0) {
                    p.executeBatch();
                }
            }
            p.executeBatch();
        }
        return new ImportReport(
                id,
                datasetId,
                outcome.source().toString(),
                outcome.utterances().size(),
                rejected,
                warnings,
                outcome.totalHours(),
                created);
    }

    public Optional<ImportReport> latest(long datasetId) throws SQLException {
        try (PreparedStatement p =
                c.prepareStatement(
                        "SELECT * FROM import_reports WHERE dataset_id = ? ORDER BY id DESC"
                                + " LIMIT 1")) {
            p.setLong(1, datasetId);
            try (ResultSet r = p.executeQuery()) {
                if (!r.next()) {
                    return Optional.empty();
                }
                return Optional.of(
                        new ImportReport(
                                r.getLong("id"),
                                r.getLong("dataset_id"),
                                r.getString("source_path"),
                                r.getInt("imported"),
                                r.getInt("rejected"),
                                r.getInt("warnings"),
                                r.getDouble("total_hours"),
                                Jdbc.getInstant(r, "created_at")));
            }
        }
    }

    public List<ImportProblem> problems(long reportId) throws SQLException {
        List<ImportProblem> out = new ArrayList<>();
        try (PreparedStatement p =
                c.prepareStatement(
                        "SELECT * FROM import_problems WHERE report_id = ? ORDER BY seq")) {
            p.setLong(1, reportId);
            try (ResultSet r = p.executeQuery()) {
                while (r.next()) {
                    out.add(
                            new ImportProblem(
                                    r.getString("file"),
                                    r.getInt("line"),
                                    ProblemKind.valueOf(r.getString("kind")),
                                    r.getString("message"),
                                    r.getString("hint"),
                                    r.getBoolean("rejected")));
                }
            }
        }
        return out;
    }
}
