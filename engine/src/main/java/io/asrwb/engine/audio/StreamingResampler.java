package io.asrwb.engine.audio;

import java.util.Arrays;

/**
 * {@link Resampler} over a signal that arrives in chunks: each {@link #feed} returns the output
 * samples whose filter support has fully arrived, {@link #finish} the rest. Only the filter's
 * support is kept between chunks, so memory does not grow with the signal. The output equals
 * {@link Resampler#process} of the whole signal to the bit. Not thread-safe: one per stream.
 */
public final class StreamingResampler {

    private static final float[] NONE = new float[0];

    private final Resampler resampler;
    private final float[] row;
    private float[] held = new float[0]; // input samples from heldStart on
    private int heldCount;
    private long heldStart;
    private long received;
    private long nextOut;
    private boolean finished;

    public StreamingResampler(int inRate, int outRate) {
        this.resampler = new Resampler(inRate, outRate);
        this.row = new float[2 * resampler.half()];
    }

    public int outRate() {
        return resampler.outRate();
    }

    /** Appends {@code len} input samples; returns the output samples that are now complete. */
    public float[] feed(float[] in, int off, int len) {
        if (finished) {
            throw new IllegalStateException("feed after finish");
        }
        if (resampler.inRate() == resampler.outRate()) {
            received += len;
            return Arrays.copyOfRange(in, off, off + len);
        }
        if (heldCount + len > held.length) {
            held = Arrays.copyOf(held, Math.max(held.length * 2, heldCount + len));
        }
        System.arraycopy(in, off, held, heldCount, len);
        heldCount += len;
        received += len;
        // Output o is complete once its last tap, inputBefore(o) + half, has arrived.
        long last = nextOut;
        while (resampler.inputBefore(last) + resampler.half() < received) {
            last++;
        }
        return produce(last, Long.MAX_VALUE);
    }

    /** The signal has ended: the remaining output samples (the filter reads zeros past the end). */
    public float[] finish() {
        finished = true;
        if (resampler.inRate() == resampler.outRate()) {
            return NONE;
        }
        return produce(resampler.outputLength(received), received);
    }

    private float[] produce(long until, long length) {
        if (until <= nextOut) {
            return NONE;
        }
        float[] out = new float[(int) (until - nextOut)];
        for (int k = 0; k < out.length; k++) {
            out[k] = (float) resampler.outputAt(nextOut + k, held, heldStart, length, row);
        }
        nextOut = until;
        // Keep only what later outputs can still read.
        long keepFrom =
                Math.max(heldStart, resampler.inputBefore(nextOut) - (resampler.half() - 1));
        int drop = (int) Math.min(heldCount, keepFrom - heldStart);
        if (drop > 0) {
            System.arraycopy(held, drop, held, 0, heldCount - drop);
            heldCount -= drop;
            heldStart += drop;
        }
        return out;
    }
}
