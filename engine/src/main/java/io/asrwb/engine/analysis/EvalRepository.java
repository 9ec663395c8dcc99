package io.asrwb.engine.analysis;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Every evaluation and each utterance's hypothesis and CER in it (tables {@code evals} and {@code
 * eval_utterances} of migration V6): the history that {@code utterances.last_cer} overwrites.
 */
public final class EvalRepository {

    private final Connection c;

    public EvalRepository(Connection c) {
        this.c = c;
    }

    /** Records one evaluation of a split; returns its id. */
    public long insert(EvalRecord eval, List<ScoredUtterance> utterances) throws SQLException {
        long id;
        try (PreparedStatement p =
                c.prepareStatement(
                        "INSERT INTO evals(dataset_id, split, checkpoint, step, decoder, wer, cer,"
                                + " created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                        Statement.RETURN_GENERATED_KEYS)) {
            p.setLong(1, eval.datasetId());
            p.setString(2, eval.split());
            p.setString(3, eval.checkpoint());
            p.setLong(4, eval.step());
            p.setString(5, eval.decoder());
            p.setDouble(6, eval.wer());
            p.setDouble(7, eval.cer());
            p.setObject(8, OffsetDateTime.now(ZoneOffset.UTC));
            p.executeUpdate();
            try (ResultSet keys = p.getGeneratedKeys()) {
                keys.next();
                id = keys.getLong(1);
            }
        }
        try (PreparedStatement p =
                c.prepareStatement(
                        "INSERT INTO eval_utterances(eval_id, utt_id, hypothesis, cer) VALUES (?,"
                                + " ?, ?, ?)")) {
            for (ScoredUtterance u : utterances) {
                p.setLong(1, id);
                p.setString(2, u.id());
                p.setString(3, u.hypothesis());
                p.setDouble(4, u.cer());
                p.addBatch();
            }
            p.executeBatch();
        }
        return id;
    }

    /** Each utterance's CER in every evaluation of a dataset, oldest evaluation first. */
    public Map<String, List<Double>> cerHistory(long datasetId) throws SQLException {
        Map<String, List<Double>> out = new LinkedHashMap<>();
        try (PreparedStatement p =
                c.prepareStatement(
                        "SELECT u.utt_id, u.cer FROM eval_utterances u JOIN evals e ON e.id ="
                                + " u.eval_id WHERE e.dataset_id = ? ORDER BY e.id, u.utt_id")) {
            p.setLong(1, datasetId);
            try (ResultSet r = p.executeQuery()) {
                while (r.next()) {
                    out.computeIfAbsent(r.getString(1), k -> new java.util.ArrayList<>())
                            .add(r.getDouble(2));
                }
            }
        }
        return out;
    }

    /** One evaluation's header: which checkpoint, on what, with which decoder, scoring what. */
    public record EvalRecord(
            long datasetId,
            String split,
            String checkpoint,
            long step,
            String decoder,
            double wer,
            double cer) {}
}
