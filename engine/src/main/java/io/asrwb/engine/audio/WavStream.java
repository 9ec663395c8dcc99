package io.asrwb.engine.audio;

import java.io.IOException;
import java.nio.ByteBuffer;

/** The data chunk of a wav file, read from disk a block at a time and mixed down to mono. */
final class WavStream implements AudioStream {

    private static final int CHUNK_BYTES = 1 << 16;

    private final FileHead file;
    private final WavHeader header;
    private final ByteBuffer buf;
    private final int frameBytes;
    private long done;

    WavStream(FileHead file, WavHeader header) {
        this.file = file;
        this.header = header;
        this.frameBytes = header.encoding().bytes() * header.info().channels();
        int framesPerChunk = Math.max(1, CHUNK_BYTES / frameBytes);
        this.buf =
                ByteBuffer.allocate(framesPerChunk * frameBytes).order(header.encoding().order());
    }

    @Override
    public int sampleRate() {
        return header.info().sampleRate();
    }

    @Override
    public long length() {
        return header.info().frames();
    }

    @Override
    public int read(float[] dst, int off, int len) throws AudioFileException {
        long left = header.info().frames() - done;
        if (left <= 0) {
            return -1;
        }
        int n = (int) Math.min(Math.min(len, left), buf.capacity() / frameBytes);
        buf.clear().limit(n * frameBytes);
        try {
            FileHead.readFully(file.channel, buf, header.dataOffset() + done * frameBytes);
        } catch (IOException e) {
            throw FileHead.ioError(file.file, e);
        }
        if (buf.hasRemaining()) {
            throw FileHead.ioError(
                    file.file,
                    new IOException("file ended " + left + " frames before the declared end"));
        }
        PcmMixdown.mix(buf, header.encoding(), header.info().channels(), n, dst, off);
        done += n;
        return n;
    }

    @Override
    public void close() {
        file.close();
    }
}
