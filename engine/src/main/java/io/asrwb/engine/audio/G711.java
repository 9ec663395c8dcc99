package io.asrwb.engine.audio;

/**
 * ITU-T G.711 companding, the telephone's 8-bit log PCM: μ-law (North America, Japan) and A-law
 * (everywhere else). A code expands to a 16-bit sample as sox and the Sun reference do it (μ-law
 * peaks at ±32124, A-law at ±32256); the encoders truncate towards the segment's lower level as the
 * reference encoders do.
 */
final class G711 {

    /** Code → 16-bit sample, for every byte value. */
    static final short[] ULAW = new short[256];

    static final short[] ALAW = new short[256];

    static {
        for (int c = 0; c < 256; c++) {
            ULAW[c] = (short) expandUlaw(c);
            ALAW[c] = (short) expandAlaw(c);
        }
    }

    private G711() {}

    /**
     * μ-law: the code is stored inverted; 3 bits of segment, 4 of mantissa. The bias of 0x84 (33 in
     * 14-bit terms) makes the segments line up on powers of two and is taken off again.
     */
    private static int expandUlaw(int code) {
        int u = ~code & 0xff;
        int magnitude = (((u & 0x0f) << 3) + 0x84) << ((u & 0x70) >> 4);
        return (u & 0x80) != 0 ? 0x84 - magnitude : magnitude - 0x84;
    }

    /** A-law: even bits are stored inverted (XOR 0x55); a set sign bit means positive. */
    private static int expandAlaw(int code) {
        int a = code ^ 0x55;
        int segment = (a & 0x70) >> 4;
        int magnitude = ((a & 0x0f) << 4) + (segment == 0 ? 8 : 0x108);
        if (segment > 1) {
            magnitude <<= segment - 1;
        }
        return (a & 0x80) != 0 ? magnitude : -magnitude;
    }

    /** The μ-law code of a 16-bit sample. */
    static int compressUlaw(int sample) {
        int sign = sample < 0 ? 0x80 : 0;
        int m = Math.min(32635, Math.abs(sample)) + 0x84;
        int segment = 31 - Integer.numberOfLeadingZeros(m) - 7;
        int mantissa = (m >> (segment + 3)) & 0x0f;
        return ~(sign | (segment << 4) | mantissa) & 0xff;
    }

    /** The A-law code of a 16-bit sample. */
    static int compressAlaw(int sample) {
        int mask = sample >= 0 ? 0xd5 : 0x55;
        int m = sample >= 0 ? sample : -sample - 1;
        int code;
        if (m < 256) {
            code = m >> 4;
        } else {
            int segment = 31 - Integer.numberOfLeadingZeros(m) - 7;
            code = (segment << 4) | ((m >> (segment + 3)) & 0x0f);
        }
        return code ^ mask;
    }
}
