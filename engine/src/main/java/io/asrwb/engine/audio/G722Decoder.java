package io.asrwb.engine.audio;

/**
 * An ITU-T G.722 decoder for the 64 kbit/s mode (the one files use): each byte holds a 2-bit
 * upper-band code (top bits) and a 6-bit lower-band code, and decodes to two 16-bit samples at
 * 16 kHz. Sub-band ADPCM: each band's code scales a quantizer level by the band's adaptive scale
 * factor and adds its prediction ({@link G722Band}); the receive QMF ({@link G722Qmf}) joins the
 * bands. Stateful: feed a file's bytes in order, in as many calls as you like.
 */
final class G722Decoder {

    /** Output samples per 16 kHz second; a byte is 1/8000 s. */
    static final int RATE = 16_000;

    private final G722Band low = G722Band.lower();
    private final G722Band high = G722Band.upper();
    private final G722Qmf qmf = new G722Qmf();

    /** Decodes {@code n} bytes of {@code in} from {@code off} into {@code 2n} samples at {@code out[at…]}. */
    void decode(byte[] in, int off, int n, short[] out, int at) {
        for (int i = 0; i < n; i++) {
            int code = in[off + i] & 0xff;
            int lowCode = code & 0x3f;
            int highCode = code >> 6;

            // The listener gets the 6-bit level; the predictor adapts on the 4-bit one.
            int lowSample = low.reconstruct(low.difference(G722Tables.LOW_LEVEL_6[lowCode]));
            int lowCode4 = lowCode >> 2;
            low.adapt(
                    low.difference(G722Tables.LOW_LEVEL_4[lowCode4]),
                    G722Tables.LOW_LOG_STEP[lowCode4]);

            int highDiff = high.difference(G722Tables.HIGH_LEVEL[highCode]);
            int highSample = high.reconstruct(highDiff);
            high.adapt(highDiff, G722Tables.HIGH_LOG_STEP[highCode]);

            qmf.synthesize(lowSample, highSample, out, at + 2 * i);
        }
    }

    /** Decodes a whole G.722 stream from its start. */
    static short[] decode(byte[] in) {
        short[] out = new short[2 * in.length];
        new G722Decoder().decode(in, 0, in.length, out, 0);
        return out;
    }
}
