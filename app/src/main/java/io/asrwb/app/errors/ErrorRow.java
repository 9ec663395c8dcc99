package io.asrwb.app.errors;

import io.asrwb.engine.analysis.ScoredUtterance;
import java.nio.file.Path;
import java.util.Map;

/**
 * One evaluated utterance as the error table shows it, with its audio file to open.
 *
 * @param fields its manifest fields (accent, mic …) for the WER-by-field table
 */
public record ErrorRow(ScoredUtterance scored, Path audio, Map<String, String> fields) {

    public ErrorRow {
        fields = Map.copyOf(fields);
    }

    public ErrorRow(ScoredUtterance scored, Path audio) {
        this(scored, audio, Map.of());
    }

    public String id() {
        return scored.id();
    }
}
