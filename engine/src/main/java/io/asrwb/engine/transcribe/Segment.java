package io.asrwb.engine.transcribe;

/**
 * A stretch of a transcribed file and its text. Consecutive segments tile the file: one ends where
 * the next starts, at a seam chosen between words.
 *
 * @param startSeconds where the segment starts in the file
 * @param endSeconds   where it ends (the next segment's start, or the file's end)
 * @param text         its words, normalised as the model's text is; empty in silence
 */
public record Segment(double startSeconds, double endSeconds, String text) {

    /** {@code hh:mm:ss} of the segment's start, for stamps beside its text. */
    public String clock() {
        long s = (long) Math.floor(startSeconds);
        return String.format(
                java.util.Locale.ROOT, "%02d:%02d:%02d", s / 3600, s / 60 % 60, s % 60);
    }
}
