package io.asrwb.engine.audio;

import io.asrwb.engine.audio.io.mp3.Mp3PcmStream;
import java.io.IOException;
import java.nio.file.Path;

/**
 * An mp3 file streamed through {@link Mp3PcmStream}, trimmed as {@link AudioFiles#loadNative}
 * trims it (encoder and decoder delay dropped, exactly the length the header promises), with the
 * same truncation check made when the stream ends.
 */
final class Mp3Stream implements AudioStream {

    private final Path file;
    private final Mp3Header header;
    private final Mp3PcmStream pcm;
    private final long skip;
    private final long keep; // -1: everything after skip
    private long decoded; // samples read from the decoder, skipped ones included
    private float[] scratch = new float[0];

    Mp3Stream(Path file, Mp3Header header, int decoderDelay) throws AudioFileException {
        this.file = file;
        this.header = header;
        try {
            this.pcm = Mp3PcmStream.open(file);
        } catch (IOException | RuntimeException e) {
            throw corrupt(e);
        }
        boolean trimmed = header.info().frames() >= 0;
        this.skip =
                !trimmed
                        ? 0
                        : (header.hasInfoFrame() ? header.samplesPerFrame() : 0)
                                + (header.encoderDelay() > 0
                                        ? header.encoderDelay() + decoderDelay
                                        : 0);
        this.keep = trimmed ? header.info().frames() : -1;
    }

    @Override
    public int sampleRate() {
        return pcm.sampleRate();
    }

    @Override
    public long length() {
        return keep;
    }

    @Override
    public int read(float[] dst, int off, int len) throws AudioFileException {
        try {
            while (decoded < skip) {
                int want = (int) Math.min(skip - decoded, 4096);
                if (scratch.length < want) {
                    scratch = new float[want];
                }
                int r = pcm.read(scratch, 0, want);
                if (r < 0) {
                    return end();
                }
                decoded += r;
            }
            if (keep >= 0) {
                len = (int) Math.min(len, skip + keep - decoded);
                if (len <= 0) {
                    return -1;
                }
            }
            int r = pcm.read(dst, off, len);
            if (r < 0) {
                return end();
            }
            decoded += r;
            return r;
        } catch (IOException | RuntimeException e) {
            throw corrupt(e);
        }
    }

    /** The decoder ran dry: fine unless the header promised (much) more. */
    private int end() throws AudioFileException {
        if (keep >= 0 && decoded < skip + keep - header.samplesPerFrame()) {
            throw new AudioFileException(
                    file,
                    AudioFileException.Reason.TRUNCATED,
                    "mp3 data is truncated: its header promises "
                            + keep
                            + " samples, the frames hold "
                            + Math.max(0, decoded - skip)
                            + ": "
                            + file
                            + "; the copy was cut short, copy it again");
        }
        return -1;
    }

    private AudioFileException corrupt(Exception e) {
        return new AudioFileException(
                file,
                AudioFileException.Reason.CORRUPT,
                "mp3 stream cannot be decoded (" + e.getMessage() + "): " + file + "; re-encode it",
                e);
    }

    @Override
    public void close() {
        pcm.close();
    }
}
