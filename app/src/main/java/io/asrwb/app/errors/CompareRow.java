package io.asrwb.app.errors;

import io.asrwb.engine.analysis.Change;
import io.asrwb.engine.analysis.ScoredUtterance;

/** One utterance decoded by checkpoints A and B, and which way it went. */
public record CompareRow(ScoredUtterance a, ScoredUtterance b, Change change) {

    static CompareRow of(ScoredUtterance a, ScoredUtterance b) {
        return new CompareRow(a, b, Change.of(a.wordErrors(), b.wordErrors()));
    }

    public String id() {
        return a.id();
    }
}
