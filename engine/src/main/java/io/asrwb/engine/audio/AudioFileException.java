package io.asrwb.engine.audio;

import java.nio.file.Path;

/**
 * An audio file that cannot be read: what is wrong with it, in words a user can act on.
 * The {@link Reason} lets callers report problems by category.
 */
public final class AudioFileException extends Exception {

    /** Why a file could not be read. */
    public enum Reason {
        MISSING,
        EMPTY,
        TRUNCATED,
        UNSUPPORTED_FORMAT,
        CORRUPT,
        IO_ERROR
    }

    private final transient Path file;
    private final Reason reason;

    public AudioFileException(Path file, Reason reason, String message) {
        super(message);
        this.file = file;
        this.reason = reason;
    }

    public AudioFileException(Path file, Reason reason, String message, Throwable cause) {
        super(message, cause);
        this.file = file;
        this.reason = reason;
    }

    public Path file() {
        return file;
    }

    public Reason reason() {
        return reason;
    }
}
