package io.asrwb.engine.data.batching;

/**
 * The loader cannot go on: an unexpected failure while preparing an utterance (its id and file are
 * in the message), or the loader was closed or interrupted while the trainer waited.
 */
public final class LoaderException extends RuntimeException {

    public LoaderException(String message, Throwable cause) {
        super(message, cause);
    }

    public LoaderException(String message) {
        super(message);
    }
}
