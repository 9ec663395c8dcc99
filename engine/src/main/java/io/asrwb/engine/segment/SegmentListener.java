package io.asrwb.engine.segment;

/**
 * Where segmenting a long recording reports as it goes: the stage and how much of the recording it
 * has done, and whether to stop. Called on the working thread.
 */
public interface SegmentListener {

    SegmentListener NONE = (stage, done, total) -> {};

    /**
     * @param stage what is being done ("aligning", "detecting speech", "writing")
     * @param doneSeconds seconds of the recording done in this stage
     * @param totalSeconds the recording's length (-1 when its header does not say)
     */
    void progress(String stage, double doneSeconds, double totalSeconds);

    /** Polled between windows and segments; true stops with a CancellationException. */
    default boolean cancelled() {
        return false;
    }

    /** Throws when {@link #cancelled()} says so. */
    default void checkCancelled() {
        if (cancelled()) {
            throw new java.util.concurrent.CancellationException("segmenting cancelled");
        }
    }
}
