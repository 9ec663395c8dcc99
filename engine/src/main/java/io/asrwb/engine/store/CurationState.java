package io.asrwb.engine.store;

import java.time.Instant;

/**
 * What a curator decided about one utterance.
 *
 * @param editedTranscript the corrected transcript, null when not edited
 * @param who              user name of whoever made the last change
 * @param when             when it was made
 */
public record CurationState(
        String uttId,
        boolean flagged,
        boolean excluded,
        String editedTranscript,
        String note,
        String who,
        Instant when) {

    public CurationState {
        note = note == null ? "" : note;
    }

    /** The state of an utterance nobody touched yet. */
    public static CurationState untouched(String uttId, String who, Instant when) {
        return new CurationState(uttId, false, false, null, "", who, when);
    }
}
