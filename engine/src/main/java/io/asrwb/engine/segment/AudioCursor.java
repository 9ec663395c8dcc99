package io.asrwb.engine.segment;

import io.asrwb.engine.audio.AudioFileException;
import io.asrwb.engine.audio.AudioStream;
import java.util.Arrays;

/**
 * Reads stretches of a stream in file order, each starting at or after the one before: what is
 * behind the newest start is dropped, so memory is the longest stretch asked for, whatever the
 * file's length.
 */
final class AudioCursor {

    private final AudioStream stream;
    private float[] buf = new float[0];
    private long bufStart;
    private int filled;
    private boolean ended;

    AudioCursor(AudioStream stream) {
        this.stream = stream;
    }

    int sampleRate() {
        return stream.sampleRate();
    }

    /** Samples {@code from} .. {@code from + length}, fewer where the stream ends first. */
    float[] read(long from, int length) throws AudioFileException {
        if (from < bufStart) {
            throw new IllegalArgumentException(
                    "reads go forward: sample " + from + " is before " + bufStart);
        }
        // drop what lies before from
        long drop = Math.min(from - bufStart, filled);
        System.arraycopy(buf, (int) drop, buf, 0, (int) (filled - drop));
        filled -= (int) drop;
        bufStart += drop;
        // skip what lies between the buffer's end and from
        float[] skip = new float[8192];
        while (bufStart < from && !ended) {
            int r = stream.read(skip, 0, (int) Math.min(skip.length, from - bufStart));
            if (r < 0) {
                ended = true;
            } else {
                bufStart += r;
            }
        }
        if (buf.length < length) {
            buf = Arrays.copyOf(buf, length);
        }
        while (filled < length && !ended) {
            int r = stream.read(buf, filled, length - filled);
            if (r < 0) {
                ended = true;
            } else {
                filled += r;
            }
        }
        return bufStart < from ? new float[0] : Arrays.copyOf(buf, Math.min(filled, length));
    }
}
