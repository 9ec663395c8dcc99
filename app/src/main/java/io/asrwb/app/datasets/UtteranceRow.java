package io.asrwb.app.datasets;

import io.asrwb.engine.data.curation.CheckThresholds;
import io.asrwb.engine.data.curation.TextCheckResult;
import io.asrwb.engine.store.CurationState;
import io.asrwb.engine.store.StoredUtterance;
import java.util.StringJoiner;

/**
 * One row of the utterance table: the stored utterance merged with what curators decided.
 *
 * @param transcript         the edited transcript when there is one, else the imported one
 * @param importedTranscript the transcript as imported, so an edit back to it clears the edit
 * @param flags              short words for the check results worth a look ("outlier", "charset", "dup")
 * @param lastCer            CER of the last evaluation, NaN when never evaluated
 */
public record UtteranceRow(
        String id,
        String audio,
        double durationSeconds,
        double charsPerSecond,
        String speaker,
        String split,
        String transcript,
        String importedTranscript,
        boolean edited,
        boolean flagged,
        boolean excluded,
        String note,
        String flags,
        double lastCer) {

    static UtteranceRow of(StoredUtterance s, CurationState c) {
        var u = s.utterance();
        UtteranceRow plain =
                new UtteranceRow(
                        u.id(),
                        u.audio(),
                        u.durationSeconds(),
                        s.text() == null ? Double.NaN : s.text().charsPerSec(),
                        u.speaker(),
                        u.split().key(),
                        u.transcript(),
                        u.transcript(),
                        false,
                        false,
                        false,
                        "",
                        flagsOf(s),
                        s.lastCer());
        return plain.withCuration(c);
    }

    /** This row with a curator's decisions applied; null means untouched. */
    UtteranceRow withCuration(CurationState c) {
        boolean isEdited = c != null && c.editedTranscript() != null;
        return new UtteranceRow(
                id,
                audio,
                durationSeconds,
                charsPerSecond,
                speaker,
                split,
                isEdited ? c.editedTranscript() : importedTranscript,
                importedTranscript,
                isEdited,
                c != null && c.flagged(),
                c != null && c.excluded(),
                c == null ? "" : c.note(),
                flags,
                lastCer);
    }

    /** True when an automatic check found something worth a look. */
    public boolean hasCheckFlags() {
        return !flags.isEmpty();
    }

    private static String flagsOf(StoredUtterance s) {
        StringJoiner j = new StringJoiner(", ");
        TextCheckResult t = s.text();
        if (t != null) {
            if (t.durationOutlier()) {
                j.add("duration outlier");
            }
            if (t.cpsOutlier()) {
                j.add("chars/s outlier");
            }
            if (t.charsetViolation() != null) {
                j.add("charset: " + t.charsetViolation());
            }
            if (t.dupTranscriptCount() > 1) {
                j.add("same text ×" + t.dupTranscriptCount());
            }
        }
        var a = s.audio();
        if (a != null) {
            if (a.error() != null) {
                j.add("unreadable audio");
            }
            if (a.clippingRatio() > CheckThresholds.CLIPPED_RATIO) {
                j.add("clipped");
            }
            if (a.rmsDb() < CheckThresholds.QUIET_DBFS) {
                j.add("quiet");
            }
        }
        if (s.dupAudioOf() != null) {
            j.add("same audio as " + s.dupAudioOf());
        }
        return j.toString();
    }
}
