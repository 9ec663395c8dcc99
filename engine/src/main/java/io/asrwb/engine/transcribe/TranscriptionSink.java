package io.asrwb.engine.transcribe;

/**
 * Where a long transcription reports as it goes: each segment once it is final, progress after
 * each forward pass, and whether to stop. Called on the transcribing thread.
 */
public interface TranscriptionSink {

    TranscriptionSink NONE = segment -> {};

    /** A finished segment, in file order. */
    void segment(Segment segment);

    /** Seconds of audio done, of {@code totalSeconds} (-1 when the header does not say). */
    default void progress(double doneSeconds, double totalSeconds) {}

    /** Polled between forward passes; true stops the work with a {@link java.util.concurrent.CancellationException}. */
    default boolean cancelled() {
        return false;
    }
}
