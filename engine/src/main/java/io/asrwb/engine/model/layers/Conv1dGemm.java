package io.asrwb.engine.model.layers;

import static org.nd4j.linalg.indexing.NDArrayIndex.all;
import static org.nd4j.linalg.indexing.NDArrayIndex.interval;
import static org.nd4j.linalg.indexing.NDArrayIndex.point;

import org.nd4j.linalg.api.ndarray.INDArray;
import org.nd4j.linalg.api.ops.impl.broadcast.BroadcastAddOp;
import org.nd4j.linalg.factory.Nd4j;

/**
 * A convolution over time alone (one frequency bin, a {@code 1 × k} kernel: Wav2Letter's and
 * QuartzNet's layers) as one matrix product per batch chunk: the input's {@code k} shifted copies
 * stacked ({@code [C·k, B·T']}, the kernel's taps spaced by the dilation and read at the stride)
 * times the weights as {@code [oC, C·k]}.
 *
 * <p>Why not libnd4j's {@code conv2d} on a height-1 image: on the 2-core machine its oneDNN call ran
 * Wav2Letter's layers at 15–120 GFLOP/s where ND4J's matrix product of the same sizes runs at
 * ~350 (docs/PERFORMANCE.md), and it cannot dilate. Dilation and stride here only change which
 * frames each shifted copy reads.
 */
final class Conv1dGemm {

    private static final String PADDED = "conv1d.padded";
    private static final String PRODUCT = "conv1d.product";
    private static final String WEIGHT_SUM = "conv1d.weightSum";
    private static final String TRANSPOSED = "conv1d.transposed";

    private final ConvGeometry geometry;
    private final ShiftedCopies copies;
    private final long budgetBytes;
    private final int maxBatchChunk;

    /**
     * @param budgetBytes the most bytes of stacked copies per matrix product
     * @param maxBatchChunk the most examples per matrix product; 0: as many as the budget allows
     */
    Conv1dGemm(ConvGeometry geometry, long budgetBytes, int maxBatchChunk) {
        this.geometry = geometry;
        this.copies = new ShiftedCopies(geometry);
        this.budgetBytes = budgetBytes;
        this.maxBatchChunk = maxBatchChunk;
    }

    /** Whether {@code g} on {@code outBins} output bins is a convolution over time alone. */
    static boolean appliesTo(ConvGeometry g, long outBins) {
        return outBins == 1 && g.kernelBins() == 1 && g.strideBins() == 1 && g.padBins() == 0;
    }

    /** {@code out = conv(x, w) + bias} (bias may be null): {@code x [B, C, 1, T]}, {@code out [B, oC, 1, T']}. */
    void forward(INDArray x, INDArray w, INDArray bias, INDArray out) {
        multiply(x, w.reshape('c', out.size(1), w.length() / out.size(1)), out, false);
        if (bias != null) {
            Nd4j.exec(new BroadcastAddOp(out, bias, out, 1));
        }
    }

    /** {@code out = weights [oC, C·k] × x's shifted copies}, batch chunk by batch chunk. */
    private void multiply(INDArray x, INDArray weights, INDArray out, boolean reversed) {
        long batch = x.size(0);
        long outChannels = out.size(1);
        long outFrames = out.size(3);
        INDArray out3 = out.reshape('c', batch, outChannels, outFrames);
        long chunk = chunk(x, outFrames);
        for (long start = 0; start < batch; start += chunk) {
            long end = Math.min(batch, start + chunk);
            INDArray col = copies.of(x, start, end, outFrames, reversed);
            INDArray product = ScratchArrays.get(PRODUCT, x.dataType(), outChannels, col.size(1));
            Nd4j.gemm(weights, col, product, false, false, 1.0, 0.0);
            NativeRows.swapLeadingAxes(
                    product.reshape('c', outChannels, end - start, outFrames),
                    out3.get(interval(start, end)));
        }
    }

    /**
     * The input gradient of a stride-1 convolution as a convolution of the output gradient: {@code
     * dx[c, t] = Σ_o Σ_j W[o, c, k-1-j] · dOut[o, t + j·d]}, the output gradient padded by {@code
     * (k-1)·d - p} frames each side; its shifted copies stacked with the taps reversed, so that the
     * weights are only transposed. One matrix product and {@code k} copies, where summing the
     * shifted copies' gradients back onto their frames took {@code k} strided additions (70 ms of
     * Wav2Letter's dilated layer's 194 ms backward). Null where it does not apply.
     */
    private Conv1dGemm inputGradientConvolution() {
        int k = geometry.kernelFrames();
        int d = geometry.dilationFrames();
        int pad = (k - 1) * d - geometry.padFrames();
        if (geometry.strideFrames() != 1 || pad < 0) {
            return null;
        }
        return new Conv1dGemm(new ConvGeometry(1, k, 1, 1, 0, pad, d), budgetBytes, maxBatchChunk);
    }

    /** {@code w [oC, C, 1, k]} as {@code [C, oC·k]}. */
    private static INDArray transposed(INDArray w) {
        long outChannels = w.size(0);
        long channels = w.size(1);
        INDArray t = ScratchArrays.get(TRANSPOSED, w.dataType(), channels, outChannels, w.size(3));
        NativeRows.swapLeadingAxes(w.reshape('c', outChannels, channels, w.size(3)), t);
        return t.reshape('c', channels, w.length() / channels);
    }

    /**
     * Gradients for the output gradient {@code dOut}: overwrites {@code wGrad} and {@code
     * biasGrad} (null: no bias); returns the input gradient, or null when {@code
     * withInputGradient} is false.
     */
    INDArray backward(
            INDArray x,
            INDArray w,
            INDArray dOut,
            INDArray wGrad,
            INDArray biasGrad,
            boolean withInputGradient) {
        long batch = x.size(0);
        long channels = x.size(1);
        long frames = x.size(3);
        long outChannels = dOut.size(1);
        long outFrames = dOut.size(3);
        INDArray weights = w.reshape('c', outChannels, w.length() / outChannels);
        INDArray dOut3 = dOut.reshape('c', batch, outChannels, outFrames);
        INDArray wSum = ScratchArrays.get(WEIGHT_SUM, x.dataType(), weights.shape());
        INDArray inputGrad =
                withInputGradient
                        ? BufferPool.shared().create(x.dataType(), batch, channels, 1, frames)
                        : null;
        Conv1dGemm correlation = withInputGradient ? inputGradientConvolution() : null;
        long chunk = chunk(x, outFrames);
        for (long start = 0; start < batch; start += chunk) {
            long end = Math.min(batch, start + chunk);
            INDArray col = copies.of(x, start, end, outFrames, false);
            INDArray d = ScratchArrays.get(PRODUCT, x.dataType(), outChannels, col.size(1));
            NativeRows.swapLeadingAxes(
                    dOut3.get(interval(start, end)),
                    d.reshape('c', outChannels, end - start, outFrames));
            Nd4j.gemm(d, col, wSum, false, true, 1.0, start == 0 ? 0.0 : 1.0);
            if (inputGrad != null && correlation == null) {
                // the shifted copies' gradient, summed back onto the frames each copy read
                Nd4j.gemm(weights, d, col, true, false, 1.0, 0.0);
                INDArray padded =
                        ScratchArrays.get(
                                PADDED, x.dataType(), channels, end - start, paddedFrames(frames));
                padded.assign(0);
                INDArray taps = ShiftedCopies.taps(col, channels, end - start, outFrames);
                for (int tap = 0; tap < geometry.kernelFrames(); tap++) {
                    padded.get(all(), all(), copies.readFrames(tap, outFrames))
                            .addi(taps.get(all(), point(tap), all(), all()));
                }
                inputGrad
                        .reshape('c', batch, channels, frames)
                        .get(interval(start, end))
                        .assign(
                                padded.get(
                                                all(),
                                                all(),
                                                interval(
                                                        geometry.padFrames(),
                                                        geometry.padFrames() + frames))
                                        .permute(1, 0, 2));
            }
        }
        if (correlation != null) {
            correlation.multiply(dOut, transposed(w), inputGrad, true);
        }
        wGrad.assign(wSum.reshape('c', wGrad.shape()));
        if (biasGrad != null) {
            INDArray biasSum = dOut.sum(0, 2, 3);
            biasGrad.assign(biasSum);
            NativeMemory.release(biasSum);
        }
        return inputGrad;
    }

    private long paddedFrames(long frames) {
        return frames + 2L * geometry.padFrames();
    }

    /** Examples per matrix product, so the stacked copies stay within the budget. */
    private long chunk(INDArray x, long outFrames) {
        long perExample = x.size(1) * geometry.kernelFrames() * outFrames * x.dataType().width();
        long fits = Math.max(1, budgetBytes / Math.max(1, perExample));
        return Math.min(x.size(0), maxBatchChunk > 0 ? maxBatchChunk : fits);
    }
}
