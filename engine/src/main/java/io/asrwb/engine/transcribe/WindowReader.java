package io.asrwb.engine.transcribe;

import io.asrwb.engine.audio.AudioFileException;
import io.asrwb.engine.audio.AudioStream;
import java.util.Arrays;

/**
 * Cuts a stream into windows of {@code length} samples that start every {@code hop} samples; the
 * last one is shorter. Holds one window at a time. A window that would hold nothing but the
 * previous window's overlap is not made.
 */
final class WindowReader {

    /** One window: its samples and where its first sample lies in the stream. */
    record Window(float[] samples, long start) {}

    private final AudioStream stream;
    private final int length;
    private final int hop;
    private final float[] buf;
    private int filled;
    private long start;
    private boolean first = true;
    private boolean ended;

    WindowReader(AudioStream stream, int length, int hop) {
        if (hop <= 0 || hop > length) {
            throw new IllegalArgumentException(
                    "window hop must be in 1.." + length + ", got " + hop);
        }
        this.stream = stream;
        this.length = length;
        this.hop = hop;
        this.buf = new float[length];
    }

    /** The next window, or null after the last. */
    Window next() throws AudioFileException {
        if (!first) {
            if (ended) {
                return null;
            }
            System.arraycopy(buf, hop, buf, 0, length - hop);
            filled = length - hop;
            start += hop;
        }
        int kept = first ? 0 : filled;
        first = false;
        while (filled < length) {
            int r = stream.read(buf, filled, length - filled);
            if (r < 0) {
                ended = true;
                break;
            }
            filled += r;
        }
        if (filled == kept && kept > 0) {
            return null; // nothing new: the previous window reached the end
        }
        if (filled < length) {
            ended = true;
        }
        return new Window(Arrays.copyOf(buf, filled), start);
    }
}
