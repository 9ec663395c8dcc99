package io.asrwb.engine.audio;

/**
 * The constants of ITU-T G.722 (64 kbit/s mode) that the decoder needs, as the standard defines
 * them. Inverse-quantizer levels are the standard's unscaled output levels; the bands multiply them
 * by the scale factor and shift by 12 (the standard's ×8 levels shifted by 15, to the bit).
 */
final class G722Tables {

    private G722Tables() {}

    /**
     * Lower band, 6-bit code → reconstruction level (the output the listener hears). Codes 0–3 do
     * not occur in a conforming stream; the standard still maps them (to −17) so any byte decodes.
     */
    static final int[] LOW_LEVEL_6 = {
        -17, -17, -17, -17, -3101, -2738, -2376, -2088,
        -1873, -1689, -1535, -1399, -1279, -1170, -1072, -982,
        -899, -822, -750, -682, -618, -558, -501, -447,
        -396, -347, -300, -254, -211, -170, -130, -91,
        3101, 2738, 2376, 2088, 1873, 1689, 1535, 1399,
        1279, 1170, 1072, 982, 899, 822, 750, 682,
        618, 558, 501, 447, 396, 347, 300, 254,
        211, 170, 130, 91, 54, 17, -54, -17
    };

    /**
     * Lower band, the code's top 4 bits → the level the predictor adapts on. The decoder adapts on
     * the 4-bit code (not the 6-bit one) so that an encoder and a decoder stay in step even when the
     * network drops the two least significant bits (the 56 and 48 kbit/s modes).
     */
    static final int[] LOW_LEVEL_4 = {
        0, -2557, -1612, -1121, -786, -530, -323, -150, 2557, 1612, 1121, 786, 530, 323, 150, 0
    };

    /** Lower band, 4-bit code → step of the log scale factor (big codes widen the quantizer). */
    static final int[] LOW_LOG_STEP = {
        -60, 3042, 1198, 538, 334, 172, 58, -30, 3042, 1198, 538, 334, 172, 58, -30, -60
    };

    /** Upper band, 2-bit code → reconstruction level. */
    static final int[] HIGH_LEVEL = {-926, -202, 926, 202};

    /** Upper band, 2-bit code → step of the log scale factor. */
    static final int[] HIGH_LOG_STEP = {798, -214, 798, -214};

    /** 2048 · 2^(i/32), rounded: the mantissa of the log → linear scale factor conversion. */
    static final int[] INV_LOG = {
        2048, 2093, 2139, 2186, 2233, 2282, 2332, 2383,
        2435, 2489, 2543, 2599, 2656, 2714, 2774, 2834,
        2896, 2960, 3025, 3091, 3158, 3228, 3298, 3371,
        3444, 3520, 3597, 3676, 3756, 3838, 3922, 4008
    };

    /** The 24 taps of the QMF (symmetric), scaled so that the receive sum is shifted by 11. */
    static final int[] QMF = {
        3, -11, -11, 53, 12, -156, 32, 362, -210, -805, 951, 3876,
        3876, 951, -805, -210, 362, 32, -156, 12, 53, -11, -11, 3
    };
}
