package io.asrwb.engine.segment;

/**
 * One utterance to cut from a long recording.
 *
 * @param startSeconds where it starts in the recording
 * @param endSeconds   where it ends
 * @param text         its transcript ("" until a draft is transcribed)
 * @param confidence   mean alignment confidence of its words (NaN for a draft)
 */
public record Cut(double startSeconds, double endSeconds, String text, double confidence) {

    public Cut {
        if (!(endSeconds > startSeconds) || startSeconds < 0) {
            throw new IllegalArgumentException(
                    "a cut needs 0 <= start < end, got " + startSeconds + ".." + endSeconds);
        }
    }

    public double seconds() {
        return endSeconds - startSeconds;
    }
}
