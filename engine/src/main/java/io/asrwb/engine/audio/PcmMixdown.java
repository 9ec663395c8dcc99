package io.asrwb.engine.audio;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;

/**
 * Turns interleaved stored PCM (any {@link SampleEncoding}, any channel count) into mono floats:
 * integers scaled by 2^(bits-1) so full scale is [-1, 1), channels averaged.
 */
final class PcmMixdown {

    /** Read size; a multiple of every frame size is taken below it. */
    private static final int CHUNK_BYTES = 1 << 16;

    private PcmMixdown() {}

    /**
     * Reads {@code frames} frames starting at byte {@code offset} of {@code ch} and mixes them down.
     * The caller has checked that the file holds them all.
     */
    static float[] read(FileChannel ch, long offset, long frames, SampleEncoding enc, int channels)
            throws IOException {
        if (frames > Integer.MAX_VALUE - 8) {
            throw new IOException(
                    frames + " sample frames do not fit in one array; split the file");
        }
        int frameBytes = enc.bytes() * channels;
        float[] out = new float[(int) frames];
        int framesPerChunk = Math.max(1, CHUNK_BYTES / frameBytes);
        ByteBuffer buf = ByteBuffer.allocate(framesPerChunk * frameBytes).order(enc.order());
        long pos = offset;
        int done = 0;
        while (done < frames) {
            int n = (int) Math.min(framesPerChunk, frames - done);
            buf.clear().limit(n * frameBytes);
            FileHead.readFully(ch, buf, pos);
            if (buf.hasRemaining()) {
                throw new IOException(
                        "file ended " + (frames - done) + " frames before the declared end");
            }
            mix(buf, enc, channels, n, out, done);
            pos += (long) n * frameBytes;
            done += n;
        }
        return out;
    }

    /** Mixes {@code frames} frames from the start of {@code src} into {@code dst[dstPos...]}. */
    static void mix(
            ByteBuffer src, SampleEncoding enc, int channels, int frames, float[] dst, int dstPos) {
        int w = enc.bytes();
        double scale = 1.0 / channels;
        int p = 0;
        for (int f = 0; f < frames; f++) {
            double sum = 0;
            for (int c = 0; c < channels; c++, p += w) {
                sum += sample(src, p, enc);
            }
            dst[dstPos + f] = (float) (sum * scale);
        }
    }

    /** One sample at byte {@code p}; the buffer's order is the encoding's. */
    static double sample(ByteBuffer b, int p, SampleEncoding enc) {
        return switch (enc) {
            case S8 -> b.get(p) / 128.0;
            case U8 -> ((b.get(p) & 0xff) - 128) / 128.0;
            case S16LE, S16BE -> b.getShort(p) / 32768.0;
            case S24LE ->
                    ((b.get(p + 2) << 16) | ((b.get(p + 1) & 0xff) << 8) | (b.get(p) & 0xff))
                            / 8388608.0;
            case S24BE ->
                    ((b.get(p) << 16) | ((b.get(p + 1) & 0xff) << 8) | (b.get(p + 2) & 0xff))
                            / 8388608.0;
            case S32LE, S32BE -> b.getInt(p) / 2147483648.0;
            case F32LE, F32BE -> b.getFloat(p);
            case F64LE, F64BE -> b.getDouble(p);
            case ULAW -> G711.ULAW[b.get(p) & 0xff] / 32768.0;
            case ALAW -> G711.ALAW[b.get(p) & 0xff] / 32768.0;
        };
    }
}
