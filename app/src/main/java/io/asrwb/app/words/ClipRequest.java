package io.asrwb.app.words;

import io.asrwb.engine.analysis.WordEdit;
import io.asrwb.engine.data.SplitChoice;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * "Show this clip with this word selected", as the Errors and A/B tabs ask the Datasets view.
 *
 * @param focus      the word to select (empty: the tier's first wrong word, if any)
 * @param checkpoint aligns the clip with it when no alignment of the clip is stored (null: wait for
 *                   Align)
 */
public record ClipRequest(
        String dataset,
        SplitChoice split,
        String uttId,
        Optional<WordFocus> focus,
        Path checkpoint) {

    public ClipRequest {
        Objects.requireNonNull(dataset, "dataset");
        Objects.requireNonNull(split, "split");
        Objects.requireNonNull(uttId, "uttId");
        Objects.requireNonNull(focus, "focus");
    }

    /** What an evaluation or comparison ran on: its rows open clips of this split. */
    public record Source(String dataset, SplitChoice split, Path checkpoint) {

        /** Utterance {@code uttId}, its first wrong word (of {@code edits}) selected. */
        public ClipRequest request(String uttId, List<WordEdit> edits) {
            return new ClipRequest(dataset, split, uttId, WordFocus.firstError(edits), checkpoint);
        }
    }
}
