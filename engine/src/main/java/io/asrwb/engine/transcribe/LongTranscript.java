package io.asrwb.engine.transcribe;

import java.util.List;

/**
 * A whole file's transcription.
 *
 * @param text            the segments' texts joined by single spaces
 * @param segments        every segment with text, in order
 * @param durationSeconds the audio's length
 * @param windows         windows through the model (1 for a file transcribed whole)
 */
public record LongTranscript(
        String text, List<Segment> segments, double durationSeconds, int windows) {

    public LongTranscript {
        segments = List.copyOf(segments);
    }
}
