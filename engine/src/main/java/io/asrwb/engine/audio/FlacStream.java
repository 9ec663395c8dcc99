package io.asrwb.engine.audio;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import org.jflac.ChannelData;
import org.jflac.FLACDecoder;
import org.jflac.frame.Frame;

/**
 * A FLAC stream decoded with jflac one frame (a few thousand samples) at a time, with the checks
 * of {@link FlacDecoding} made when the stream ends: fewer samples than STREAMINFO declares is
 * TRUNCATED, damaged frames are CORRUPT, samples past the declared count are dropped.
 */
final class FlacStream implements AudioStream {

    private final Path file;
    private final AudioInfo info;
    private final InputStream in;
    private final FLACDecoder decoder;
    private final double scale;
    private float[] block = new float[0];
    private int blockSize;
    private int blockPos;
    private long delivered;
    private long decoded;
    private boolean ended;

    FlacStream(Path file, long start, FlacHeader header) throws AudioFileException {
        this.file = file;
        this.info = header.info();
        this.scale = 1.0 / ((1L << (info.bitsPerSample() - 1)) * (double) info.channels());
        InputStream opened = null;
        try {
            opened = new BufferedInputStream(Files.newInputStream(file), 1 << 16);
            opened.skipNBytes(start);
            FLACDecoder d = new FLACDecoder(opened);
            d.readMetadata();
            this.in = opened;
            this.decoder = d;
        } catch (IOException | RuntimeException e) {
            closeQuietly(opened);
            throw corrupt(e);
        }
    }

    @Override
    public int sampleRate() {
        return info.sampleRate();
    }

    @Override
    public long length() {
        return info.frames();
    }

    @Override
    public int read(float[] dst, int off, int len) throws AudioFileException {
        while (blockPos == blockSize) {
            if (ended || !nextBlock()) {
                return -1;
            }
        }
        int n = Math.min(len, blockSize - blockPos);
        if (info.frames() >= 0) {
            n = (int) Math.min(n, info.frames() - delivered);
            if (n <= 0) {
                while (!ended) {
                    nextBlock(); // read to the end, so damage after the declared samples is still
                    // found
                }
                return -1;
            }
        }
        System.arraycopy(block, blockPos, dst, off, n);
        blockPos += n;
        delivered += n;
        return n;
    }

    private boolean nextBlock() throws AudioFileException {
        Frame frame;
        try {
            frame = decoder.readNextFrame();
        } catch (IOException | RuntimeException e) {
            // jflac signals damaged streams with runtime exceptions (array bounds) as well as
            // IOExceptions.
            throw corrupt(e);
        }
        if (frame == null) {
            ended = true;
            checkEnd();
            return false;
        }
        int size = frame.header.blockSize;
        ChannelData[] data = decoder.getChannelData();
        if (block.length < size) {
            block = new float[size];
        }
        for (int i = 0; i < size; i++) {
            long sum = 0;
            for (int c = 0; c < info.channels(); c++) {
                sum += data[c].getOutput()[i];
            }
            block[i] = (float) (sum * scale);
        }
        blockSize = size;
        blockPos = 0;
        decoded += size;
        return true;
    }

    private void checkEnd() throws AudioFileException {
        long expected = info.frames();
        if (expected >= 0 && decoded < expected) {
            throw new AudioFileException(
                    file,
                    AudioFileException.Reason.TRUNCATED,
                    "FLAC data is truncated: STREAMINFO declares "
                            + expected
                            + " samples, the file holds "
                            + decoded
                            + ": "
                            + file
                            + "; the copy was cut short, copy it again");
        }
        if (decoder.getBadFrames() > 0) {
            throw new AudioFileException(
                    file,
                    AudioFileException.Reason.CORRUPT,
                    "FLAC stream has "
                            + decoder.getBadFrames()
                            + " damaged frame(s): "
                            + file
                            + "; re-encode it with `flac`");
        }
    }

    private AudioFileException corrupt(Exception e) {
        return new AudioFileException(
                file,
                AudioFileException.Reason.CORRUPT,
                "FLAC stream cannot be decoded (" + e + "): " + file + "; re-encode it with `flac`",
                e);
    }

    @Override
    public void close() {
        closeQuietly(in);
    }

    private static void closeQuietly(InputStream s) {
        try {
            if (s != null) {
                s.close();
            }
        } catch (IOException ignored) {
            // reading is over; nothing to report
        }
    }
}
