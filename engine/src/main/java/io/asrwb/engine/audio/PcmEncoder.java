package io.asrwb.engine.audio;

import java.nio.ByteBuffer;

/**
 * Stores float samples in [-1, 1] in any {@link SampleEncoding}: the exact inverse of how the
 * decoders read them (integers scaled by 2^(bits-1), rounded, clipped to the integer range).
 */
public final class PcmEncoder {

    private PcmEncoder() {}

    /** Encodes every sample (interleaved order is kept) into a new byte array. */
    public static byte[] encode(float[] samples, SampleEncoding enc) {
        ByteBuffer b = ByteBuffer.allocate(samples.length * enc.bytes()).order(enc.order());
        for (float s : samples) {
            put(b, s, enc);
        }
        return b.array();
    }

    static void put(ByteBuffer b, float s, SampleEncoding enc) {
        switch (enc) {
            case S8 -> b.put((byte) toInt(s, 8));
            case U8 -> b.put((byte) (toInt(s, 8) + 128));
            case S16LE, S16BE -> b.putShort((short) toInt(s, 16));
            case S24LE -> {
                int v = toInt(s, 24);
                b.put((byte) v).put((byte) (v >> 8)).put((byte) (v >> 16));
            }
            case S24BE -> {
                int v = toInt(s, 24);
                b.put((byte) (v >> 16)).put((byte) (v >> 8)).put((byte) v);
            }
            case S32LE, S32BE -> b.putInt(toInt(s, 32));
            case F32LE, F32BE -> b.putFloat(s);
            case F64LE, F64BE -> b.putDouble(s);
            case ULAW -> b.put((byte) G711.compressUlaw(toInt(s, 16)));
            case ALAW -> b.put((byte) G711.compressAlaw(toInt(s, 16)));
        }
    }

    private static int toInt(float s, int bits) {
        double full = Math.scalb(1.0, bits - 1);
        double v = Math.rint(s * full);
        return (int) Math.max(-full, Math.min(full - 1, v));
    }
}
