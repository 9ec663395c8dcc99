package io.asrwb.engine.model.layers;

import java.util.stream.IntStream;
import org.bytedeco.javacpp.FloatPointer;
import org.nd4j.linalg.api.buffer.DataType;
import org.nd4j.linalg.api.ndarray.INDArray;
import org.nd4j.linalg.api.shape.Shape;
import org.nd4j.linalg.factory.Nd4j;

/**
 * The depthwise 1-D convolution in single precision as plain loops over Java arrays, one
 * (utterance, channel) row per task: every inner loop is {@code a[i] += w · b[i + offset]} over
 * adjacent elements, which the JIT vectorises. Why: libnd4j 1.0.0-M2.1's {@code
 * depthwise_conv2d_bp} took most of a QuartzNet step (docs/decisions/quartznet.md); these compute
 * the same values as {@link DepthwiseNative} (DepthwiseLoopsTest) at the cost of a copy in and out.
 */
final class DepthwiseLoops {

    private final ConvGeometry g;

    DepthwiseLoops(ConvGeometry geometry) {
        this.g = geometry;
    }

    /** Whether these loops take {@code x}: single precision (double runs on {@link DepthwiseNative}). */
    static boolean applies(INDArray x) {
        return x.dataType() == DataType.FLOAT;
    }

    /** {@code [B, C, 1, T']} depthwise output of {@code x [B, C, 1, T]} and {@code w [C, k]}. */
    INDArray forward(INDArray x, INDArray w) {
        int rows = (int) (x.size(0) * x.size(1));
        int channels = (int) x.size(1);
        int in = (int) x.size(3);
        int out = g.outputFrames(in);
        float[] xs = values(x);
        float[] ws = w.dup('c').data().asFloat();
        float[] ys = new float[rows * out];
        int k = g.kernelFrames();
        IntStream.range(0, rows)
                .parallel()
                .forEach(
                        row -> {
                            int c = row % channels;
                            for (int tap = 0; tap < k; tap++) {
                                axpy(ws[c * k + tap], xs, row * in, in, ys, row * out, out, tap);
                            }
                        });
        return filled(ys, x.size(0), x.size(1), 1, out);
    }

    /**
     * Gradients for the output gradient {@code dOut [B, C, 1, T']}: overwrites {@code wGrad [C,
     * k]}; returns the input gradient {@code [B, C, 1, T]} when {@code inputGradient}, else null.
     */
    INDArray backward(
            INDArray x, INDArray w, INDArray dOut, INDArray wGrad, boolean inputGradient) {
        int batch = (int) x.size(0);
        int channels = (int) x.size(1);
        int in = (int) x.size(3);
        int out = (int) dOut.size(3);
        int k = g.kernelFrames();
        float[] xs = values(x);
        float[] ws = w.dup('c').data().asFloat();
        float[] ds = values(dOut);
        float[] gw = new float[channels * k];
        float[] gx = inputGradient ? new float[batch * channels * in] : null;
        IntStream.range(0, channels)
                .parallel()
                .forEach(
                        c -> {
                            float[] padded = new float[in + 2 * g.padFrames() + g.strideFrames()];
                            for (int b = 0; b < batch; b++) {
                                int row = b * channels + c;
                                System.arraycopy(xs, row * in, padded, g.padFrames(), in);
                                weightGradient(ds, row * out, out, padded, gw, c * k);
                                for (int tap = 0; tap < k && gx != null; tap++) {
                                    transposedAxpy(
                                            ws[c * k + tap],
                                            ds,
                                            row * out,
                                            out,
                                            gx,
                                            row * in,
                                            in,
                                            tap);
                                }
                            }
                        });
        wGrad.assign(Nd4j.create(gw, wGrad.shape(), 'c'));
        return gx == null ? null : filled(gx, x.shape());
    }

    /**
     * {@code a}'s values in c order: read straight from its buffer where it is one c-ordered run
     * from the start (a layer's own copies), else through a pooled copy.
     */
    private static float[] values(INDArray a) {
        if (a.ordering() == 'c' && a.offset() == 0 && Shape.isContiguousInBuffer(a)) {
            return read(a);
        }
        INDArray copy = NativeMemory.ownedCopy(a, DataType.FLOAT);
        float[] values = read(copy);
        NativeMemory.release(copy);
        return values;
    }

    private static float[] read(INDArray a) {
        float[] values = new float[(int) a.length()];
        new FloatPointer(a.data().addressPointer()).get(values);
        return values;
    }

    /** A c-ordered array of {@code shape} holding {@code values}, on a pooled buffer in a step. */
    private static INDArray filled(float[] values, long... shape) {
        INDArray a = BufferPool.shared().create(DataType.FLOAT, shape);
        new FloatPointer(a.data().addressPointer()).put(values);
        return a;
    }

    /** The input frame output frame {@code o} reads through {@code tap}. */
    private int source(int o, int tap) {
        return o * g.strideFrames() - g.padFrames() + tap * g.dilationFrames();
    }

    /** The output frames {@code [first, last)} whose tap {@code tap} reads inside the input. */
    private int[] valid(int tap, int in, int out) {
        int s = g.strideFrames();
        int offset = tap * g.dilationFrames() - g.padFrames();
        int first = offset >= 0 ? 0 : Math.floorDiv(-offset + s - 1, s);
        int last = Math.min(out, Math.floorDiv(in - 1 - offset, s) + 1);
        return new int[] {first, Math.max(first, last)};
    }

    /** {@code y[o] += w · x[source(o, tap)]} over the valid output frames. */
    private void axpy(float w, float[] x, int xAt, int in, float[] y, int yAt, int out, int tap) {
        int[] range = valid(tap, in, out);
        int s = g.strideFrames();
        int base = xAt + source(0, tap);
        if (s == 1) {
            for (int o = range[0]; o < range[1]; o++) {
                y[yAt + o] += w * x[base + o];
            }
        } else {
            for (int o = range[0]; o < range[1]; o++) {
                y[yAt + o] += w * x[base + o * s];
            }
        }
    }

    /**
     * {@code gw[tap] += Σ_o dy[o] · padded[o·s + tap·d]}: the frame loop outside, the taps inside
     * (adjacent when undilated, so the JIT vectorises them; a reduction over frames it would not).
     */
    private void weightGradient(
            float[] dy, int dyAt, int out, float[] padded, float[] gw, int gwAt) {
        int k = g.kernelFrames();
        int s = g.strideFrames();
        int d = g.dilationFrames();
        for (int o = 0; o < out; o++) {
            float grad = dy[dyAt + o];
            int at = o * s;
            if (d == 1) {
                for (int tap = 0; tap < k; tap++) {
                    gw[gwAt + tap] += grad * padded[at + tap];
                }
            } else {
                for (int tap = 0; tap < k; tap++) {
                    gw[gwAt + tap] += grad * padded[at + tap * d];
                }
            }
        }
    }

    /** {@code dx[source(o, tap)] += w · dy[o]} over the valid output frames. */
    private void transposedAxpy(
            float w, float[] dy, int dyAt, int out, float[] dx, int dxAt, int in, int tap) {
        int[] range = valid(tap, in, out);
        int s = g.strideFrames();
        int base = dxAt + source(0, tap);
        if (s == 1) { // adjacent on both sides: the JIT vectorises it (a strided store it would
            // not)
            for (int o = range[0]; o < range[1]; o++) {
                dx[base + o] += w * dy[dyAt + o];
            }
        } else {
            for (int o = range[0]; o < range[1]; o++) {
                dx[base + o * s] += w * dy[dyAt + o];
            }
        }
    }
}
