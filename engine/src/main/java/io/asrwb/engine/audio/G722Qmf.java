package io.asrwb.engine.audio;

/**
 * G.722's receive QMF: joins a lower- and an upper-band sample (8 kHz each) into two output
 * samples at 16 kHz with the standard's 24-tap symmetric filter, split into its even and odd
 * phases (12 taps each) so that each output sample costs 12 multiplies.
 */
final class G722Qmf {

    private static final int TAPS = 12;
    private static final int[] EVEN = new int[TAPS];
    private static final int[] ODD = new int[TAPS];

    static {
        for (int k = 0; k < TAPS; k++) {
            EVEN[k] = G722Tables.QMF[2 * k];
            ODD[k] = G722Tables.QMF[2 * k + 1];
        }
    }

    /**
     * The last 12 band differences (low − high) and sums (low + high), newest at {@code pos}; each
     * value is stored twice, 12 apart, so the window {@code [pos, pos + 12)} is always contiguous.
     */
    private final int[] diffs = new int[2 * TAPS];

    private final int[] sums = new int[2 * TAPS];
    private int pos;

    /** Takes one sample of each band and writes the two output samples to {@code out[at…]}. */
    void synthesize(int low, int high, short[] out, int at) {
        pos = pos == 0 ? TAPS - 1 : pos - 1;
        diffs[pos] = diffs[pos + TAPS] = low - high;
        sums[pos] = sums[pos + TAPS] = low + high;
        int first = 0;
        int second = 0;
        for (int k = 0; k < TAPS; k++) {
            first += EVEN[k] * diffs[pos + k];
            second += ODD[k] * sums[pos + k];
        }
        out[at] = clip(first >> 11);
        out[at + 1] = clip(second >> 11);
    }

    private static short clip(int v) {
        return (short) Math.max(-32768, Math.min(32767, v));
    }
}
