package io.asrwb.engine.analysis;

import java.util.Objects;

/**
 * One step of a reference/hypothesis word alignment.
 *
 * @param reference the reference word, "" for an insertion
 * @param hypothesis the hypothesis word, "" for a deletion
 */
public record WordEdit(Kind kind, String reference, String hypothesis) {

    /** What happened to a word. */
    public enum Kind {
        MATCH,
        SUBSTITUTION,
        INSERTION,
        DELETION
    }

    public WordEdit {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(reference, "reference");
        Objects.requireNonNull(hypothesis, "hypothesis");
    }

    public boolean isError() {
        return kind != Kind.MATCH;
    }
}
