package io.asrwb.engine.audio;

/**
 * Decoded mono audio read a chunk at a time, so a file of any length passes through bounded
 * memory. Opened by {@link AudioFiles#stream}; the samples equal those of
 * {@link AudioFiles#loadNative} (or, resampled, {@link AudioFiles#load}) to the bit.
 */
public interface AudioStream extends AutoCloseable {

    /** Samples per second of what {@link #read} returns. */
    int sampleRate();

    /** The number of samples the stream will deliver, or -1 when the header does not say. */
    long length();

    /**
     * Reads up to {@code len} samples into {@code dst[off…]}; returns how many, or -1 at the end.
     *
     * @throws AudioFileException when the file turns out to be damaged or cut short
     */
    int read(float[] dst, int off, int len) throws AudioFileException;

    @Override
    void close();
}
