package io.asrwb.engine.align;

import java.util.List;

/**
 * Where a split's alignments go as they are made, a batch at a time (the catalog writer, a test's
 * list), and how far the work has come (the app's progress bar and ETA, the CLI's lines).
 */
public interface AlignListener {

    /** A batch of utterances aligned; written before the next batch is read. */
    void aligned(List<UtteranceAlignment> batch);

    /** {@code done} of {@code total} utterances aligned. */
    default void progress(int done, int total) {}
}
