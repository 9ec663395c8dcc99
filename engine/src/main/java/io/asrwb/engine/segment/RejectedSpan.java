package io.asrwb.engine.segment;

import java.util.Locale;

/**
 * A stretch of a long recording that did not become an utterance, and why: every one is reported,
 * nothing is dropped silently.
 *
 * @param startSeconds where it starts in the recording
 * @param endSeconds   where it ends (equal to the start for text that found no audio)
 * @param text         the transcript's words there ("" where there were none)
 * @param reason       why it was left out, in words
 */
public record RejectedSpan(double startSeconds, double endSeconds, String text, String reason) {

    /** {@code 12.34-15.60 s "text": reason}, one line. */
    public String describe() {
        return String.format(
                Locale.ROOT, "%.2f-%.2f s \"%s\": %s", startSeconds, endSeconds, text, reason);
    }
}
