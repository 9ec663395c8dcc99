package io.asrwb.engine.data;

/** Categories of import problems, used to count rejections by reason. */
public enum ProblemKind {
    MISSING_FILE,
    UNREADABLE_AUDIO,
    TRUNCATED_AUDIO,
    EMPTY_FILE,
    ZERO_DURATION,
    PATH_ESCAPES_ROOT,
    EMPTY_TRANSCRIPT,
    MISSING_TRANSCRIPT,
    MALFORMED_LINE,
    DURATION_MISMATCH,
    CHARS_OUTSIDE_ALPHABET,
    DUPLICATE_ID;
}
