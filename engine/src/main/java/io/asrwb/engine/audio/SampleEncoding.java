package io.asrwb.engine.audio;

import java.nio.ByteOrder;

/** How one stored PCM sample is laid out: width, signedness or float, byte order. */
public enum SampleEncoding {
    S8(1, Kind.SIGNED, ByteOrder.LITTLE_ENDIAN),
    U8(1, Kind.UNSIGNED, ByteOrder.LITTLE_ENDIAN),
    S16LE(2, Kind.SIGNED, ByteOrder.LITTLE_ENDIAN),
    S16BE(2, Kind.SIGNED, ByteOrder.BIG_ENDIAN),
    S24LE(3, Kind.SIGNED, ByteOrder.LITTLE_ENDIAN),
    S24BE(3, Kind.SIGNED, ByteOrder.BIG_ENDIAN),
    S32LE(4, Kind.SIGNED, ByteOrder.LITTLE_ENDIAN),
    S32BE(4, Kind.SIGNED, ByteOrder.BIG_ENDIAN),
    F32LE(4, Kind.FLOAT, ByteOrder.LITTLE_ENDIAN),
    F32BE(4, Kind.FLOAT, ByteOrder.BIG_ENDIAN),
    F64LE(8, Kind.FLOAT, ByteOrder.LITTLE_ENDIAN),
    F64BE(8, Kind.FLOAT, ByteOrder.BIG_ENDIAN),
    /** G.711 μ-law, 8-bit logarithmic (telephony in North America and Japan). */
    ULAW(1, Kind.COMPANDED, ByteOrder.LITTLE_ENDIAN),
    /** G.711 A-law, 8-bit logarithmic (telephony elsewhere). */
    ALAW(1, Kind.COMPANDED, ByteOrder.LITTLE_ENDIAN);

    /**
     * Integer two's complement, integer offset-binary (8-bit WAV), IEEE float, or G.711's 8-bit
     * logarithmic codes (which decode to 16-bit integers).
     */
    public enum Kind {
        SIGNED,
        UNSIGNED,
        FLOAT,
        COMPANDED
    }

    private final int bytes;
    private final Kind kind;
    private final ByteOrder order;

    SampleEncoding(int bytes, Kind kind, ByteOrder order) {
        this.bytes = bytes;
        this.kind = kind;
        this.order = order;
    }

    public int bytes() {
        return bytes;
    }

    public int bits() {
        return bytes * 8;
    }

    public Kind kind() {
        return kind;
    }

    public ByteOrder order() {
        return order;
    }
}
