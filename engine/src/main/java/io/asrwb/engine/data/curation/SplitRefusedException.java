package io.asrwb.engine.data.curation;

/**
 * Splits that cannot be dealt as asked (a split would be empty, a share out of range), with a
 * message that says why and what to do; nothing was changed.
 */
public final class SplitRefusedException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public SplitRefusedException(String message) {
        super(message);
    }
}
