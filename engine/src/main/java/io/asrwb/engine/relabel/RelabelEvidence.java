package io.asrwb.engine.relabel;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What the catalog holds against a dataset's transcripts: every evaluation's hypothesis and CER
 * of each clip (migration V6's {@code evals}, {@code eval_utterances}) and the reference's
 * confidence in each clip's newest alignment ({@code aligned_utterances.ref_confidence}).
 */
final class RelabelEvidence {

    private final Connection c;

    RelabelEvidence(Connection c) {
        this.c = c;
    }

    /**
     * utterance id → its results in every evaluation of the dataset, oldest evaluation first; the
     * CER is the one the evaluation computed (against the transcript of that time).
     */
    Map<String, List<EvalCer>> evals(long datasetId) throws SQLException {
        Map<String, List<EvalCer>> out = new HashMap<>();
        try (PreparedStatement p =
                c.prepareStatement(
                        "SELECT e.id, e.checkpoint, e.step, e.cer, u.utt_id, u.hypothesis, u.cer"
                                + " FROM eval_utterances u JOIN evals e ON e.id = u.eval_id"
                                + " WHERE e.dataset_id = ? ORDER BY e.id")) {
            p.setLong(1, datasetId);
            p.setFetchSize(1000);
            try (ResultSet r = p.executeQuery()) {
                while (r.next()) {
                    out.computeIfAbsent(r.getString(5), k -> new ArrayList<>())
                            .add(
                                    new EvalCer(
                                            r.getLong(1),
                                            r.getString(2),
                                            r.getLong(3),
                                            r.getDouble(4),
                                            r.getString(6),
                                            r.getDouble(7)));
                }
            }
        }
        return out;
    }

    /** The reference's confidence in an alignment, with the reference text that was aligned. */
    record AlignedReference(String reference, double confidence) {}

    /** utterance id → its reference in the newest alignment that placed it. */
    Map<String, AlignedReference> refConfidence(long datasetId) throws SQLException {
        Map<String, AlignedReference> out = new HashMap<>();
        try (PreparedStatement p =
                c.prepareStatement(
                        "SELECT u.utt_id, u.ref_confidence, u.reference FROM aligned_utterances u"
                                + " JOIN"
                                + " alignments a ON a.id = u.alignment_id WHERE a.dataset_id = ?"
                                + " AND u.ref_confidence IS NOT NULL ORDER BY a.id")) {
            p.setLong(1, datasetId);
            p.setFetchSize(1000);
            try (ResultSet r = p.executeQuery()) {
                while (r.next()) {
                    out.put(r.getString(1), new AlignedReference(r.getString(3), r.getDouble(2)));
                }
            }
        }
        return out;
    }
}
