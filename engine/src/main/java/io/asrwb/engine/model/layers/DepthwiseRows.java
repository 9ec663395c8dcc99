package io.asrwb.engine.model.layers;

import java.util.Arrays;

/**
 * Where each tap of a depthwise 1-D convolution reads one row, for {@link TapSums}. Forward (and
 * the weight gradient): output frame {@code o} of tap {@code t} reads padded input frame {@code
 * o·s + t·d}; the zero-padded row is split into {@code s} phases (frame {@code q} at {@code
 * (q mod s)·phase + q div s}) so that consecutive outputs read consecutive values whatever the
 * stride. Input gradient: {@code dx[i] = Σ_t w[k-1-t] · dyUp[base + i + t·d]}, a stride-1
 * correlation with the reversed kernel over the output gradient spread {@code s} frames apart and
 * zero-padded.
 *
 * <p>The rows live in arrays each thread reuses ({@link ScratchArrays#floats}, one per {@link
 * Slot}): a step of a QuartzNet made ~400 MB of them.
 */
final class DepthwiseRows {

    /** The per-thread arrays; contents are left over from the last use. */
    enum Slot {
        INPUT,
        GRADIENT,
        OUTPUT,
        OUTPUT_GRADIENT,
        INPUT_GRADIENT,
        KERNEL
    }

    private final int pad;
    private final int stride;
    private final int in;
    private final int out;
    private final int phase;
    private final int[] inputTaps;
    private final int[] gradientTaps;
    private final int gradientFirst;
    private final int gradientLength;
    private final int[] inLengths;
    private final int[] outLengths;

    /** Rows of {@code in} frames in, {@code out} out; lengths per utterance, null for all frames. */
    DepthwiseRows(ConvGeometry g, int in, int out, int[] inLengths, int[] outLengths) {
        this.inLengths = inLengths;
        this.outLengths = outLengths;
        int k = g.kernelFrames();
        int d = g.dilationFrames();
        this.pad = g.padFrames();
        this.stride = g.strideFrames();
        this.in = in;
        this.out = out;
        int span = (k - 1) * d;
        this.phase = out + span / stride + 1;
        this.inputTaps = new int[k];
        this.gradientTaps = new int[k];
        int leftZeros = Math.max(0, span - pad);
        int base = leftZeros - span + pad;
        for (int t = 0; t < k; t++) {
            inputTaps[t] = (t * d) % stride * phase + t * d / stride;
            gradientTaps[t] = base + t * d;
        }
        this.gradientFirst = leftZeros;
        this.gradientLength = base + in + span;
    }

    int in() {
        return in;
    }

    int out() {
        return out;
    }

    /** Utterance {@code b}'s frames in, at most the rows' length. */
    int inValid(int b) {
        return inLengths == null ? in : Math.max(0, Math.min(in, inLengths[b]));
    }

    /** Utterance {@code b}'s frames out, at most the rows' length. */
    int outValid(int b) {
        return outLengths == null ? out : Math.max(0, Math.min(out, outLengths[b]));
    }

    int[] inputTaps() {
        return inputTaps;
    }

    int[] gradientTaps() {
        return gradientTaps;
    }

    /**
     * The input row at {@code at} of {@code x}, utterance {@code b}'s, zero-padded (and zero past
     * its length) and split into phases.
     */
    float[] input(NativeFloats x, int at, int b) {
        int length = stride * phase;
        int valid = inValid(b);
        float[] row = ScratchArrays.floats(Slot.INPUT, length);
        if (stride == 1) {
            int copied = Math.max(0, Math.min(valid, phase - pad));
            Arrays.fill(row, 0, pad, 0f);
            x.get(at, row, pad, copied);
            Arrays.fill(row, pad + copied, length, 0f);
            return row;
        }
        Arrays.fill(row, 0, length, 0f);
        for (int i = 0; i < valid; i++) {
            int q = i + pad;
            if (q / stride < phase) {
                row[q % stride * phase + q / stride] = x.get(at + i);
            }
        }
        return row;
    }

    /** The output gradient row {@code dy}, spread {@code s} frames apart and zero-padded. */
    float[] gradient(float[] dy) {
        float[] row = ScratchArrays.floats(Slot.GRADIENT, gradientLength);
        Arrays.fill(row, 0, gradientLength, 0f);
        for (int o = 0; o < out && gradientFirst + o * stride < gradientLength; o++) {
            row[gradientFirst + o * stride] = dy[o];
        }
        return row;
    }
}
