package io.asrwb.engine.model.layers;

import io.asrwb.engine.model.layers.DepthwiseRows.Slot;
import java.util.Arrays;
import java.util.stream.IntStream;
import org.nd4j.linalg.api.ndarray.INDArray;
import org.nd4j.linalg.factory.Nd4j;

/**
 * The depthwise 1-D convolution in single precision, one (utterance, channel) row at a time: the
 * row is copied from native memory into a zero-padded Java array laid out so that every tap reads
 * it from its own start ({@link DepthwiseRows}), and {@link TapSums} does the arithmetic. Frames
 * past an utterance's length read as zero and are written as zero (input and output lengths, as
 * the masks of a padded batch give them), so the layer needs no masked copies. Arrays are {@code
 * [B, C, (1,) T]}: rows of frames, channel after channel. Why not libnd4j's {@code
 * depthwise_conv2d_bp}: it took most of a QuartzNet step (docs/decisions/quartznet.md). These
 * compute what {@link DepthwiseNative} computes (DepthwiseLoopsTest).
 */
final class DepthwiseLoops {

    private final ConvGeometry g;
    private final TapSums sums;

    DepthwiseLoops(ConvGeometry geometry) {
        this(geometry, TapSums.best());
    }

    DepthwiseLoops(ConvGeometry geometry, TapSums sums) {
        this.g = geometry;
        this.sums = sums;
    }

    /**
     * Writes the depthwise output of {@code x} and {@code w} into {@code y}; {@code inLengths} and
     * {@code outLengths} (null: every frame) are each utterance's frames in and out.
     */
    void forward(INDArray x, INDArray w, INDArray y, int[] inLengths, int[] outLengths) {
        int rows = (int) (x.size(0) * x.size(1));
        int channels = (int) x.size(1);
        int in = frames(x);
        int out = g.outputFrames(in);
        DepthwiseRows layout = new DepthwiseRows(g, in, out, inLengths, outLengths);
        float[] ws = w.dup('c').data().asFloat();
        int k = g.kernelFrames();
        try (NativeFloats xs = NativeFloats.reading(x);
                NativeFloats ys = NativeFloats.writing(y)) {
            IntStream.range(0, rows)
                    .parallel()
                    .forEach(
                            row -> {
                                int b = row / channels;
                                float[] dst = ScratchArrays.floats(Slot.OUTPUT, out);
                                float[] src = layout.input(xs, row * in, b);
                                int[] taps = layout.inputTaps();
                                sums.correlate(src, taps, ws, row % channels * k, dst, 0, out);
                                Arrays.fill(dst, layout.outValid(b), out, 0f);
                                ys.put(row * out, dst, out);
                            });
        }
    }

    /**
     * Gradients for the output gradient {@code dOut [B, C, (1,) T']} and the lengths {@link
     * #forward} took: overwrites {@code wGrad [C, k]}, and writes the input gradient into {@code
     * gx} (null: none wanted). One task per channel, so that each sums its kernel's gradient over
     * the batch alone.
     */
    void backward(
            INDArray x,
            INDArray w,
            INDArray dOut,
            INDArray wGrad,
            INDArray gx,
            int[] inLengths,
            int[] outLengths) {
        int channels = (int) x.size(1);
        DepthwiseRows layout = new DepthwiseRows(g, frames(x), frames(dOut), inLengths, outLengths);
        float[] ws = w.dup('c').data().asFloat();
        float[] gw = new float[channels * g.kernelFrames()];
        try (NativeFloats xs = NativeFloats.reading(x);
                NativeFloats ds = NativeFloats.reading(dOut);
                NativeFloats gxs = gx == null ? null : NativeFloats.writing(gx)) {
            IntStream.range(0, channels)
                    .parallel()
                    .forEach(c -> backward(layout, c, xs, ws, ds, gw, gxs, x.size(0), channels));
        }
        wGrad.assign(Nd4j.create(gw, wGrad.shape(), 'c'));
    }

    /** Channel {@code c}'s share of {@link #backward}: its kernel's gradient, its input rows'. */
    private void backward(
            DepthwiseRows layout,
            int c,
            NativeFloats xs,
            float[] ws,
            NativeFloats ds,
            float[] gw,
            NativeFloats gxs,
            long batch,
            int channels) {
        int k = g.kernelFrames();
        int in = layout.in();
        int out = layout.out();
        float[] reversed = ScratchArrays.floats(Slot.KERNEL, k);
        for (int t = 0; t < k; t++) {
            reversed[t] = ws[c * k + k - 1 - t];
        }
        float[] dy = ScratchArrays.floats(Slot.OUTPUT_GRADIENT, out);
        for (int b = 0; b < batch; b++) {
            int row = b * channels + c;
            int outValid = layout.outValid(b);
            ds.get(row * out, dy, 0, outValid);
            Arrays.fill(dy, outValid, out, 0f);
            sums.dot(layout.input(xs, row * in, b), layout.inputTaps(), dy, 0, out, gw, c * k);
            if (gxs != null) {
                float[] dx = ScratchArrays.floats(Slot.INPUT_GRADIENT, in);
                float[] spread = layout.gradient(dy);
                sums.correlate(spread, layout.gradientTaps(), reversed, 0, dx, 0, in);
                Arrays.fill(dx, layout.inValid(b), in, 0f);
                gxs.put(row * in, dx, in);
            }
        }
    }

    /** The frames of {@code a}: its last axis. */
    private static int frames(INDArray a) {
        return (int) a.size(a.rank() - 1);
    }
}
