package io.asrwb.engine.audio;

import java.util.Arrays;
import java.util.Locale;

/**
 * The format of a headerless raw PCM file, which only the user can know.
 *
 * @param sampleRate samples per second per channel
 * @param channels   interleaved channels (≥ 1)
 * @param encoding   layout of one sample
 */
public record RawFormat(int sampleRate, int channels, SampleEncoding encoding) {

    public RawFormat {
        if (sampleRate <= 0) {
            throw new IllegalArgumentException(
                    "raw PCM sample rate must be positive, got " + sampleRate);
        }
        if (channels <= 0) {
            throw new IllegalArgumentException(
                    "raw PCM channel count must be positive, got " + channels);
        }
        if (encoding == null) {
            throw new IllegalArgumentException("raw PCM encoding is required (e.g. S16LE)");
        }
    }

    /**
     * Parses the form users type on the command line, {@code ENCODING:RATE:CHANNELS}, e.g.
     * {@code s16le:16000:1} (case-insensitive).
     */
    public static RawFormat parse(String spec) {
        String[] parts = spec.trim().split(":");
        if (parts.length != 3) {
            throw new IllegalArgumentException(
                    "raw PCM format '"
                            + spec
                            + "' must be ENCODING:RATE:CHANNELS, e.g. s16le:16000:1");
        }
        SampleEncoding enc;
        try {
            enc = SampleEncoding.valueOf(parts[0].trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(
                    "unknown raw PCM encoding '"
                            + parts[0]
                            + "'; use one of "
                            + Arrays.toString(SampleEncoding.values()),
                    e);
        }
        try {
            return new RawFormat(
                    Integer.parseInt(parts[1].trim()), Integer.parseInt(parts[2].trim()), enc);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(
                    "raw PCM format '"
                            + spec
                            + "': rate and channels must be whole numbers, e.g. s16le:16000:1",
                    e);
        }
    }

    public int bytesPerFrame() {
        return channels * encoding.bytes();
    }

    @Override
    public String toString() {
        return encoding + " " + channels + "ch " + sampleRate + " Hz";
    }
}
