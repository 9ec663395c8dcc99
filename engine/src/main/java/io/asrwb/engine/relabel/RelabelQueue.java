package io.asrwb.engine.relabel;

import io.asrwb.engine.data.SplitChoice;
import io.asrwb.engine.data.Utterance;
import io.asrwb.engine.metrics.EditDistance;
import io.asrwb.engine.store.CurationRepository;
import io.asrwb.engine.store.CurationState;
import io.asrwb.engine.store.StoredUtterance;
import io.asrwb.engine.store.UtteranceRepository;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The re-label queue of a dataset: its clips with any doubt ({@link RelabelScore} above 0), most
 * doubtful first. Excluded clips are left out. A clip whose transcript was edited is judged
 * against the edit (its evals' hypotheses scored again, an alignment of the old text ignored), so
 * accepting a checkpoint's hypothesis takes it off the queue.
 */
public final class RelabelQueue {

    private RelabelQueue() {}

    /**
     * @param split the split whose clips are queued ({@link SplitChoice#ALL}: every clip)
     * @param limit at most this many (the most doubtful)
     */
    public static List<RelabelCandidate> of(
            Connection c, long datasetId, SplitChoice split, int limit) throws SQLException {
        Map<String, CurationState> curation = new CurationRepository(c).of(datasetId);
        RelabelEvidence evidence = new RelabelEvidence(c);
        Map<String, List<EvalCer>> evals = evidence.evals(datasetId);
        Map<String, RelabelEvidence.AlignedReference> aligned = evidence.refConfidence(datasetId);
        List<RelabelCandidate> out = new ArrayList<>();
        for (StoredUtterance s : new UtteranceRepository(c).of(datasetId)) {
            Utterance u = s.utterance();
            CurationState k = curation.get(u.id());
            if (!split.includes(u.split()) || (k != null && k.excluded())) {
                continue;
            }
            String edited = k == null ? null : k.editedTranscript();
            List<EvalCer> results = evals.getOrDefault(u.id(), List.of());
            if (edited != null) {
                results = results.stream().map(e -> againstEdit(e, edited)).toList();
            }
            double persistent = RelabelScore.persistence(results);
            RelabelEvidence.AlignedReference a = aligned.get(u.id());
            // An alignment of the transcript before an edit says nothing about the edit.
            double conf =
                    a == null || (edited != null && !plain(a.reference()).equals(plain(edited)))
                            ? Double.NaN
                            : a.confidence();
            double score = RelabelScore.of(persistent, conf);
            if (score > 0) {
                out.add(
                        new RelabelCandidate(
                                u.id(),
                                u.split().key(),
                                u.audio(),
                                u.durationSeconds(),
                                edited != null ? edited : u.transcript(),
                                offered(results),
                                results,
                                persistent,
                                conf,
                                score));
            }
        }
        out.sort(
                Comparator.comparingDouble(RelabelCandidate::score)
                        .reversed()
                        .thenComparing(RelabelCandidate::uttId));
        return out.size() > limit ? List.copyOf(out.subList(0, limit)) : out;
    }

    /**
     * The hypothesis of the best checkpoint that decoded the clip: lowest corpus CER, the newer
     * evaluation on a tie; "" when none did.
     */
    static String offered(List<EvalCer> results) {
        EvalCer best = null;
        for (EvalCer e : results) {
            if (best == null || e.corpusCer() <= best.corpusCer()) {
                best = e;
            }
        }
        return best == null ? "" : best.hypothesis();
    }

    /** The evaluation's hypothesis scored against the curated edit (case and spacing ignored). */
    private static EvalCer againstEdit(EvalCer e, String edited) {
        String ref = plain(edited);
        double cer =
                ref.isEmpty()
                        ? (plain(e.hypothesis()).isEmpty() ? 0 : 1)
                        : EditDistance.characters(ref, plain(e.hypothesis())).rate();
        return new EvalCer(
                e.evalId(), e.checkpoint(), e.step(), e.corpusCer(), e.hypothesis(), cer);
    }

    private static String plain(String text) {
        return text.toLowerCase(Locale.ROOT).trim().replaceAll("\\s+", " ");
    }
}
