package io.asrwb.engine.segment;

/** Segmenting cannot go on: the message is one line that says what, where, and what to do. */
public final class SegmentException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public SegmentException(String message) {
        super(message);
    }

    public SegmentException(String message, Throwable cause) {
        super(message, cause);
    }
}
