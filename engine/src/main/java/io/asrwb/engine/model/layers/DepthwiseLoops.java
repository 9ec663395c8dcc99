package io.asrwb.engine.model.layers;

import io.asrwb.engine.model.layers.DepthwiseRows.Slot;
import java.nio.ByteOrder;
import java.nio.FloatBuffer;
import java.util.stream.IntStream;
import org.nd4j.linalg.api.buffer.DataType;
import org.nd4j.linalg.api.ndarray.INDArray;
import org.nd4j.linalg.factory.Nd4j;

/**
 * The depthwise 1-D convolution in single precision, one (utterance, channel) row at a time: the
 * row is copied from native memory into a zero-padded Java array laid out so that every tap reads
 * it from its own start ({@link DepthwiseRows}), and {@link TapSums} does the arithmetic. Why not
 * libnd4j's {@code depthwise_conv2d_bp}: it took most of a QuartzNet step
 * (docs/decisions/quartznet.md). These compute what {@link DepthwiseNative} computes
 * (DepthwiseLoopsTest).
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

    /** Whether these loops take {@code x}: single precision (double runs on {@link DepthwiseNative}). */
    static boolean applies(INDArray x) {
        return x.dataType() == DataType.FLOAT;
    }

    /** {@code [B, C, 1, T']} depthwise output of {@code x [B, C, 1, T]} and {@code w [C, k]}. */
    INDArray forward(INDArray x, INDArray w) {
        INDArray y =
                BufferPool.shared()
                        .create(DataType.FLOAT, x.size(0), x.size(1), 1, g.outputFrames(x.size(3)));
        forward(x, w, y);
        return y;
    }

    /** Writes the depthwise output of {@code x} and {@code w} into {@code y [B, C, 1, T']}. */
    void forward(INDArray x, INDArray w, INDArray y) {
        int rows = (int) (x.size(0) * x.size(1));
        int channels = (int) x.size(1);
        int in = (int) x.size(3);
        int out = g.outputFrames(in);
        DepthwiseRows layout = new DepthwiseRows(g, in, out);
        float[] ws = w.dup('c').data().asFloat();
        int k = g.kernelFrames();
        try (Floats xs = Floats.reading(x);
                Floats ys = Floats.writing(y)) {
            IntStream.range(0, rows)
                    .parallel()
                    .forEach(
                            row -> {
                                float[] dst = DepthwiseRows.scratch(Slot.OUTPUT, out);
                                float[] src = layout.input(xs, row * in);
                                int[] taps = layout.inputTaps();
                                sums.correlate(src, taps, ws, row % channels * k, dst, 0, out);
                                ys.put(row * out, dst, out);
                            });
        }
    }

    /**
     * Gradients for the output gradient {@code dOut [B, C, 1, T']}: overwrites {@code wGrad [C,
     * k]}; returns the input gradient {@code [B, C, 1, T]} when {@code inputGradient}, else null.
     * One task per channel, so that each sums its kernel's gradient over the batch alone.
     */
    INDArray backward(
            INDArray x, INDArray w, INDArray dOut, INDArray wGrad, boolean inputGradient) {
        INDArray gx = inputGradient ? BufferPool.shared().create(DataType.FLOAT, x.shape()) : null;
        backward(x, w, dOut, wGrad, gx);
        return gx;
    }

    /** As {@link #backward(INDArray, INDArray, INDArray, INDArray, boolean)}, into {@code gx}. */
    void backward(INDArray x, INDArray w, INDArray dOut, INDArray wGrad, INDArray gx) {
        int channels = (int) x.size(1);
        int k = g.kernelFrames();
        DepthwiseRows layout = new DepthwiseRows(g, (int) x.size(3), (int) dOut.size(3));
        float[] ws = w.dup('c').data().asFloat();
        float[] gw = new float[channels * k];
        try (Floats xs = Floats.reading(x);
                Floats ds = Floats.reading(dOut);
                Floats gxs = gx == null ? null : Floats.writing(gx)) {
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
            Floats xs,
            float[] ws,
            Floats ds,
            float[] gw,
            Floats gxs,
            long batch,
            int channels) {
        int k = g.kernelFrames();
        int in = layout.in();
        int out = layout.out();
        float[] reversed = DepthwiseRows.scratch(Slot.KERNEL, k);
        for (int t = 0; t < k; t++) {
            reversed[t] = ws[c * k + k - 1 - t];
        }
        float[] dy = DepthwiseRows.scratch(Slot.OUTPUT_GRADIENT, out);
        for (int b = 0; b < batch; b++) {
            int row = b * channels + c;
            ds.get(row * out, dy, 0, out);
            sums.dot(layout.input(xs, row * in), layout.inputTaps(), dy, 0, out, gw, c * k);
            if (gxs != null) {
                float[] dx = DepthwiseRows.scratch(Slot.INPUT_GRADIENT, in);
                float[] spread = layout.gradient(dy);
                sums.correlate(spread, layout.gradientTaps(), reversed, 0, dx, 0, in);
                gxs.put(row * in, dx, in);
            }
        }
    }

    /**
     * An array's values as a float buffer over its native memory where they lie in c order from
     * its start (a layer's own arrays), else over a copy (written back on close when writing).
     */
    static final class Floats implements AutoCloseable {
        private final INDArray target;
        private final INDArray copy;
        private final FloatBuffer buffer;

        private Floats(INDArray target, boolean write) {
            boolean direct = NativeRows.applies(target) && target.dataType() == DataType.FLOAT;
            this.target = write && !direct ? target : null;
            this.copy = direct ? null : NativeMemory.ownedCopy(target, DataType.FLOAT);
            this.buffer =
                    NativeRows.bytes(direct ? target : copy)
                            .order(ByteOrder.nativeOrder())
                            .asFloatBuffer();
        }

        static Floats reading(INDArray a) {
            return new Floats(a, false);
        }

        static Floats writing(INDArray a) {
            return new Floats(a, true);
        }

        float get(int at) {
            return buffer.get(at);
        }

        void get(int at, float[] dst, int dstAt, int length) {
            buffer.get(at, dst, dstAt, length);
        }

        void put(int at, float[] src, int length) {
            buffer.put(at, src, 0, length);
        }

        @Override
        public void close() {
            if (copy != null) {
                if (target != null) {
                    target.assign(copy);
                }
                NativeMemory.release(copy);
            }
        }
    }
}
