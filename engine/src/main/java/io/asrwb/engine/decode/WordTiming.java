package io.asrwb.engine.decode;

/**
 * Where one decoded word lies in the input.
 *
 * @param word       the word's characters
 * @param startFrame first output frame of the word's first character
 * @param endFrame   one past the last output frame of the word's last character (exclusive)
 * @param startSec   {@code startFrame} times the frame duration
 * @param endSec     {@code endFrame} times the frame duration
 */
public record WordTiming(
        String word, int startFrame, int endFrame, double startSec, double endSec) {

    public WordTiming {
        if (startFrame < 0 || endFrame <= startFrame) {
            throw new IllegalArgumentException(
                    "word '"
                            + word
                            + "' needs 0 <= startFrame < endFrame, got "
                            + startFrame
                            + ".."
                            + endFrame);
        }
    }
}
