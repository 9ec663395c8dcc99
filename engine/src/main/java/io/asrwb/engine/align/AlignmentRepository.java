package io.asrwb.engine.align;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/** Alignments in the catalog (tables of migration V6): written a batch at a time, read back. */
public final class AlignmentRepository {

    public static final String ALIGNED = "aligned";
    public static final String PARTIAL = "partial";
    public static final String FAILED = "failed";

    /** An alignment's utterances joined with their words (StoredRows' columns). */
    private static final String SELECT_WORDS =
            "SELECT u.utt_id, u.reference, u.hypothesis, u.status, u.message, w.kind, w.word,"
                    + " w.start_s, w.end_s, w.confidence FROM aligned_utterances u LEFT JOIN"
                    + " aligned_words w ON w.alignment_id = u.alignment_id AND w.utt_id ="
                    + " u.utt_id WHERE u.alignment_id = ?";

    /** Reference words before hypothesis words ("ref" > "hyp"), each in order. */
    private static final String ORDER = " ORDER BY u.utt_id, w.kind DESC, w.word_index";

    private final Connection c;

    public AlignmentRepository(Connection c) {
        this.c = c;
    }

    /** A new, empty alignment; an earlier one of the same split and checkpoint is deleted. */
    public long replace(
            long datasetId, String split, String checkpoint, long step, double frameSeconds)
            throws SQLException {
        try (PreparedStatement p =
                c.prepareStatement(
                        "DELETE FROM alignments WHERE dataset_id = ? AND split = ? AND checkpoint"
                                + " = ?")) {
            p.setLong(1, datasetId);
            p.setString(2, split);
            p.setString(3, checkpoint);
            p.executeUpdate();
        }
        try (PreparedStatement p =
                c.prepareStatement(
                        "INSERT INTO alignments(dataset_id, split, checkpoint, step, frame_s,"
                                + " created_at) VALUES (?, ?, ?, ?, ?, ?)",
                        Statement.RETURN_GENERATED_KEYS)) {
            p.setLong(1, datasetId);
            p.setString(2, split);
            p.setString(3, checkpoint);
            p.setLong(4, step);
            p.setDouble(5, frameSeconds);
            p.setObject(6, OffsetDateTime.now(ZoneOffset.UTC));
            p.executeUpdate();
            try (ResultSet keys = p.getGeneratedKeys()) {
                keys.next();
                return keys.getLong(1);
            }
        }
    }

    /** Adds a batch of aligned utterances to alignment {@code id}. */
    public void write(long id, List<UtteranceAlignment> batch) throws SQLException {
        try (PreparedStatement u =
                        c.prepareStatement(
                                "INSERT INTO aligned_utterances(alignment_id, utt_id, reference,"
                                        + " hypothesis, status, message, ref_confidence) VALUES"
                                        + " (?, ?, ?, ?, ?, ?, ?)");
                PreparedStatement w =
                        c.prepareStatement(
                                "INSERT INTO aligned_words(alignment_id, utt_id, kind, word_index,"
                                        + " word, start_s, end_s, confidence) VALUES (?, ?, ?, ?,"
                                        + " ?, ?, ?, ?)")) {
            for (UtteranceAlignment a : batch) {
                u.setLong(1, id);
                u.setString(2, a.id());
                u.setString(3, a.reference());
                u.setString(4, a.hypothesis());
                u.setString(5, status(a));
                u.setString(6, message(a));
                if (a.referenceAlignment() instanceof TextAlignment.Aligned r) {
                    u.setDouble(7, r.meanConfidence());
                } else {
                    u.setNull(7, java.sql.Types.DOUBLE);
                }
                u.addBatch();
                words(w, id, a.id(), "ref", a.referenceAlignment());
                words(w, id, a.id(), "hyp", a.hypothesisAlignment());
            }
            u.executeBatch();
            w.executeBatch();
        }
    }

    /** The newest alignment of a dataset split. */
    public Optional<AlignmentRecord> latest(long datasetId, String split) throws SQLException {
        try (PreparedStatement p =
                c.prepareStatement(
                        "SELECT id, dataset_id, split, checkpoint, step, frame_s, created_at FROM"
                                + " alignments WHERE dataset_id = ? AND split = ? ORDER BY"
                                + " created_at DESC, id DESC LIMIT 1")) {
            p.setLong(1, datasetId);
            p.setString(2, split);
            try (ResultSet r = p.executeQuery()) {
                if (!r.next()) {
                    return Optional.empty();
                }
                return Optional.of(
                        new AlignmentRecord(
                                r.getLong(1),
                                r.getLong(2),
                                r.getString(3),
                                r.getString(4),
                                r.getLong(5),
                                r.getDouble(6),
                                r.getObject(7, OffsetDateTime.class)));
            }
        }
    }

    /** Each utterance of alignment {@code id} in id order, one at a time (exports of any size). */
    public void forEach(long id, Consumer<StoredAlignment> each) throws SQLException {
        try (PreparedStatement p = c.prepareStatement(SELECT_WORDS + ORDER)) {
            p.setLong(1, id);
            p.setFetchSize(1000);
            fold(p, each);
        }
    }

    /** Runs a {@link #SELECT_WORDS} query, one record per utterance to {@code each}. */
    private static void fold(PreparedStatement p, Consumer<StoredAlignment> each)
            throws SQLException {
        try (ResultSet r = p.executeQuery()) {
            StoredRows rows = new StoredRows(each);
            while (r.next()) {
                rows.row(r);
            }
            rows.flush();
        }
    }

    /**
     * Utterance {@code uttId}'s words from the newest alignment of dataset {@code datasetId} that
     * holds it (any split, any checkpoint).
     */
    public Optional<ClipAlignment> newestOf(long datasetId, String uttId) throws SQLException {
        long id;
        String checkpoint;
        long step;
        try (PreparedStatement p =
                c.prepareStatement(
                        "SELECT a.id, a.checkpoint, a.step FROM alignments a JOIN"
                                + " aligned_utterances u ON u.alignment_id = a.id WHERE"
                                + " a.dataset_id = ? AND u.utt_id = ? ORDER BY a.created_at DESC,"
                                + " a.id DESC LIMIT 1")) {
            p.setLong(1, datasetId);
            p.setString(2, uttId);
            try (ResultSet r = p.executeQuery()) {
                if (!r.next()) {
                    return Optional.empty();
                }
                id = r.getLong(1);
                checkpoint = r.getString(2);
                step = r.getLong(3);
            }
        }
        List<StoredAlignment> found = new ArrayList<>(1);
        try (PreparedStatement p = c.prepareStatement(SELECT_WORDS + " AND u.utt_id = ?" + ORDER)) {
            p.setLong(1, id);
            p.setString(2, uttId);
            fold(p, found::add);
        }
        return found.stream().findFirst().map(s -> new ClipAlignment(checkpoint, step, s));
    }

    static String status(UtteranceAlignment a) {
        boolean ref = a.referenceAlignment() instanceof TextAlignment.Aligned;
        boolean hyp = a.hypothesisAlignment() instanceof TextAlignment.Aligned;
        return ref && hyp ? ALIGNED : ref || hyp ? PARTIAL : FAILED;
    }

    static String message(UtteranceAlignment a) {
        List<String> why = new ArrayList<>(2);
        if (a.referenceAlignment() instanceof TextAlignment.Unaligned u) {
            why.add("reference: " + u.reason());
        }
        if (a.hypothesisAlignment() instanceof TextAlignment.Unaligned u
                && !(a.referenceAlignment() instanceof TextAlignment.Unaligned r
                        && r.reason().equals(u.reason()))) {
            why.add("hypothesis: " + u.reason());
        }
        return String.join("; ", why);
    }

    private static void words(
            PreparedStatement w, long id, String utt, String kind, TextAlignment alignment)
            throws SQLException {
        if (!(alignment instanceof TextAlignment.Aligned aligned)) {
            return;
        }
        int i = 0;
        for (AlignedWord word : aligned.words()) {
            w.setLong(1, id);
            w.setString(2, utt);
            w.setString(3, kind);
            w.setInt(4, i++);
            w.setString(5, word.word());
            w.setDouble(6, word.startSec());
            w.setDouble(7, word.endSec());
            w.setDouble(8, word.confidence());
            w.addBatch();
        }
    }
}
