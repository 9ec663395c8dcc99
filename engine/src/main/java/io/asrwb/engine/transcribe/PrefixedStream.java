package io.asrwb.engine.transcribe;

import io.asrwb.engine.audio.AudioFileException;
import io.asrwb.engine.audio.AudioStream;

/** Samples already read from a stream, put back in front of the rest of it. */
final class PrefixedStream implements AudioStream {

    private final float[] prefix;
    private final int prefixLength;
    private final AudioStream rest;
    private int pos;

    PrefixedStream(float[] prefix, int prefixLength, AudioStream rest) {
        this.prefix = prefix;
        this.prefixLength = prefixLength;
        this.rest = rest;
    }

    @Override
    public int sampleRate() {
        return rest.sampleRate();
    }

    @Override
    public long length() {
        return rest.length();
    }

    @Override
    public int read(float[] dst, int off, int len) throws AudioFileException {
        if (pos < prefixLength) {
            int n = Math.min(len, prefixLength - pos);
            System.arraycopy(prefix, pos, dst, off, n);
            pos += n;
            return n;
        }
        return rest.read(dst, off, len);
    }

    @Override
    public void close() {
        rest.close();
    }
}
