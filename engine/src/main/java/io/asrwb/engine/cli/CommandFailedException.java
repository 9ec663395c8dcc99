package io.asrwb.engine.cli;

/** A command that ran and could not do its job; the message says why and what to do. */
final class CommandFailedException extends RuntimeException {
    CommandFailedException(String message) {
        super(message);
    }
}
