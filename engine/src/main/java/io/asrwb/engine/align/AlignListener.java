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

    /** A listener that only follows progress (the catalog writer passes it the counts). */
    static AlignListener progressOnly(java.util.function.BiConsumer<Integer, Integer> progress) {
        return new AlignListener() {
            @Override
            public void aligned(List<UtteranceAlignment> batch) {}

            @Override
            public void progress(int done, int total) {
                progress.accept(done, total);
            }
        };
    }
}
