package io.asrwb.app.errors;

import io.asrwb.engine.analysis.ScoredUtterance;
import java.nio.file.Path;

/** One evaluated utterance as the error table shows it, with its audio file to open. */
public record ErrorRow(ScoredUtterance scored, Path audio) {

    public String id() {
        return scored.id();
    }
}
