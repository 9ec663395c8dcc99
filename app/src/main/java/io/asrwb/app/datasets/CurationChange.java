package io.asrwb.app.datasets;

import io.asrwb.engine.store.CurationState;

/**
 * One utterance's curation before and after an edit.
 *
 * @param before the state to restore on undo; null when the utterance was untouched (no row)
 * @param after  the state the edit wrote; null when the edit made it untouched again
 */
public record CurationChange(String uttId, CurationState before, CurationState after) {

    CurationChange reversed() {
        return new CurationChange(uttId, after, before);
    }
}
