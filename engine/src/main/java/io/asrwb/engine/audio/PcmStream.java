package io.asrwb.engine.audio;

import java.io.IOException;
import java.nio.ByteBuffer;

/**
 * Stored PCM (a wav data chunk, Sun au data, headerless G.711), read from disk a block at a time
 * and mixed down to mono.
 */
final class PcmStream implements AudioStream {

    private static final int CHUNK_BYTES = 1 << 16;

    private final FileHead file;
    private final PcmLayout layout;
    private final ByteBuffer buf;
    private final int frameBytes;
    private long done;

    PcmStream(FileHead file, PcmLayout layout) {
        this.file = file;
        this.layout = layout;
        this.frameBytes = layout.frameBytes();
        int framesPerChunk = Math.max(1, CHUNK_BYTES / frameBytes);
        this.buf =
                ByteBuffer.allocate(framesPerChunk * frameBytes).order(layout.encoding().order());
    }

    @Override
    public int sampleRate() {
        return layout.info().sampleRate();
    }

    @Override
    public long length() {
        return layout.info().frames();
    }

    @Override
    public int read(float[] dst, int off, int len) throws AudioFileException {
        long left = layout.info().frames() - done;
        if (left <= 0) {
            return -1;
        }
        int n = (int) Math.min(Math.min(len, left), buf.capacity() / frameBytes);
        buf.clear().limit(n * frameBytes);
        try {
            FileHead.readFully(file.channel, buf, layout.dataOffset() + done * frameBytes);
        } catch (IOException e) {
            throw FileHead.ioError(file.file, e);
        }
        if (buf.hasRemaining()) {
            throw FileHead.ioError(
                    file.file,
                    new IOException("file ended " + left + " frames before the declared end"));
        }
        PcmMixdown.mix(buf, layout.encoding(), layout.info().channels(), n, dst, off);
        done += n;
        return n;
    }

    @Override
    public void close() {
        file.close();
    }
}
