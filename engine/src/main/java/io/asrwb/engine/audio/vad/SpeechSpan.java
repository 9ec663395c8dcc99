package io.asrwb.engine.audio.vad;

/**
 * A stretch of speech in a recording.
 *
 * @param startSeconds where it starts, seconds from the file's start
 * @param endSeconds where it ends (exclusive), after {@code startSeconds}
 */
public record SpeechSpan(double startSeconds, double endSeconds) {

    public SpeechSpan {
        if (!(endSeconds > startSeconds) || startSeconds < 0) {
            throw new IllegalArgumentException(
                    "a speech span needs 0 <= start < end, got " + startSeconds + "-" + endSeconds);
        }
    }

    public double seconds() {
        return endSeconds - startSeconds;
    }
}
