package io.asrwb.engine.transcribe;

/**
 * A stretch of a transcribed file and its text. Consecutive segments tile the file: one ends where
 * the next starts, at a seam chosen between words.
 *
 * @param startSeconds where the segment starts in the file
 * @param endSeconds   where it ends (the next segment's start, or the file's end)
 * @param text         its words, normalised as the model's text is; empty in silence
 */
public record Segment(double startSeconds, double endSeconds, String text) {}
