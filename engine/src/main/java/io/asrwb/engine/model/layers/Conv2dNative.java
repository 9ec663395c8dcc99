package io.asrwb.engine.model.layers;

import static org.nd4j.linalg.indexing.NDArrayIndex.interval;

import org.nd4j.linalg.api.ndarray.INDArray;
import org.nd4j.linalg.api.ops.DynamicCustomOp;
import org.nd4j.linalg.convolution.Convolution;
import org.nd4j.linalg.factory.Nd4j;

/**
 * libnd4j's {@code conv2d}/{@code conv2d_bp} ops on NCHW arrays with {@code [oC, iC, kH, kW]}
 * weights, run over the batch in chunks so the op's im2col buffer (input channels × kernel area ×
 * output positions per example) stays under a budget: DS2's second convolution would otherwise
 * build a ~2 GB im2col matrix for a batch of 8 × 4 s.
 */
final class Conv2dNative {

    /** Default im2col budget per op call. */
    static final long DEFAULT_BUDGET_BYTES = 256L << 20;

    private final ConvGeometry geometry;
    private final int chunk;

    /** A convolution over time alone as matrix products, or null (a 2-D one). */
    private final Conv1dGemm overTime;

    /**
     * @param maxBatchChunk the most examples per op call; 0 sizes the chunk from the im2col budget
     */
    Conv2dNative(
            ConvGeometry geometry,
            long inChannels,
            long outBins,
            long outFrames,
            int elementBytes,
            int maxBatchChunk) {
        this.geometry = geometry;
        this.overTime =
                Conv1dGemm.appliesTo(geometry, outBins)
                        ? new Conv1dGemm(geometry, DEFAULT_BUDGET_BYTES, maxBatchChunk)
                        : null;
        if (maxBatchChunk > 0) {
            this.chunk = maxBatchChunk;
        } else {
            long perExample =
                    inChannels
                            * geometry.kernelBins()
                            * geometry.kernelFrames()
                            * outBins
                            * outFrames
                            * elementBytes;
            this.chunk =
                    (int)
                            Math.max(
                                    1,
                                    Math.min(
                                            Integer.MAX_VALUE,
                                            DEFAULT_BUDGET_BYTES / Math.max(1, perExample)));
        }
    }

    /**
     * {@code out = conv(x, w) + bias} (null: no bias); {@code out} preallocated {@code [B, oC, oH,
     * oW]}.
     */
    void forward(INDArray x, INDArray w, INDArray bias, INDArray out) {
        if (overTime != null) {
            overTime.forward(x, w, bias, out);
            return;
        }
        if (bias == null) {
            // the native op takes a bias
            INDArray zeros = Nd4j.zeros(x.dataType(), w.size(0));
            forward(x, w, zeros, out);
            NativeMemory.release(zeros);
            return;
        }
        long batch = x.size(0);
        for (long start = 0; start < batch; start += chunk) {
            long end = Math.min(batch, start + chunk);
            DynamicCustomOp op =
                    DynamicCustomOp.builder("conv2d")
                            .addInputs(rows(x, start, end, batch), w, bias)
                            .addOutputs(rows(out, start, end, batch))
                            .addIntegerArguments(intArgs())
                            .build();
            try (OneDnnBypass ignored = bypass()) {
                Nd4j.exec(op);
            }
        }
    }

    /**
     * Gradients for the output gradient {@code dOut}: returns the input gradient; adds nothing,
     * overwrites {@code wGrad} and {@code biasGrad} ({@code bias} and {@code biasGrad} null: no
     * bias).
     */
    INDArray backward(
            INDArray x,
            INDArray w,
            INDArray bias,
            INDArray dOut,
            INDArray wGrad,
            INDArray biasGrad) {
        if (overTime != null) {
            return overTime.backward(x, w, dOut, wGrad, biasGrad, true);
        }
        if (bias == null) {
            INDArray zeros = Nd4j.zeros(x.dataType(), w.size(0));
            INDArray unused = zeros.ulike();
            INDArray inputGrad = backward(x, w, zeros, dOut, wGrad, unused);
            NativeMemory.release(zeros, unused);
            return inputGrad;
        }
        long batch = x.size(0);
        INDArray inputGrad = BufferPool.shared().create(x.dataType(), x.shape());
        INDArray chunkWGrad = wGrad.ulike();
        INDArray chunkBiasGrad = biasGrad.ulike();
        wGrad.assign(0);
        biasGrad.assign(0);
        for (long start = 0; start < batch; start += chunk) {
            long end = Math.min(batch, start + chunk);
            DynamicCustomOp op =
                    DynamicCustomOp.builder("conv2d_bp")
                            .addInputs(
                                    rows(x, start, end, batch),
                                    w,
                                    bias,
                                    rows(dOut, start, end, batch))
                            .addOutputs(
                                    rows(inputGrad, start, end, batch), chunkWGrad, chunkBiasGrad)
                            .addIntegerArguments(intArgs())
                            .build();
            try (OneDnnBypass ignored = bypass()) {
                Nd4j.exec(op);
            }
            wGrad.addi(chunkWGrad);
            biasGrad.addi(chunkBiasGrad);
        }
        NativeMemory.release(chunkWGrad, chunkBiasGrad);
        return inputGrad;
    }

    /**
     * Weight and bias gradients only, for a first layer whose input gradient nobody needs: one
     * example's im2col and one GEMM per example, skipping the input gradient's GEMM and col2im.
     */
    void weightGradients(INDArray x, INDArray w, INDArray dOut, INDArray wGrad, INDArray biasGrad) {
        if (overTime != null) {
            overTime.backward(x, w, dOut, wGrad, biasGrad, false);
            return;
        }
        long batch = x.size(0);
        long outChannels = dOut.size(1);
        long positions = dOut.size(2) * dOut.size(3);
        long patch = x.size(1) * geometry.kernelBins() * geometry.kernelFrames();
        // pooled: each is fresh memory a step otherwise (the im2col matrix ~29 MB for DS2's first
        // convolution), and im2col writes all of it
        INDArray col =
                BufferPool.shared()
                        .create(
                                x.dataType(),
                                1,
                                x.size(1),
                                geometry.kernelBins(),
                                geometry.kernelFrames(),
                                dOut.size(2),
                                dOut.size(3));
        INDArray colMatrix = col.reshape('c', patch, positions);
        INDArray d = BufferPool.shared().create(x.dataType(), outChannels, positions);
        INDArray sum = Nd4j.zeros(x.dataType(), outChannels, patch);
        for (long b = 0; b < batch; b++) {
            Convolution.im2col(
                    x.get(interval(b, b + 1)),
                    geometry.kernelBins(),
                    geometry.kernelFrames(),
                    geometry.strideBins(),
                    geometry.strideFrames(),
                    geometry.padBins(),
                    geometry.padFrames(),
                    1,
                    geometry.dilationFrames(),
                    false,
                    col);
            d.assign(dOut.get(interval(b, b + 1)).reshape('c', outChannels, positions));
            Nd4j.gemm(d, colMatrix, sum, false, true, 1.0, 1.0);
        }
        wGrad.assign(sum.reshape('c', wGrad.shape()));
        if (biasGrad != null) {
            INDArray biasSum = dOut.sum(0, 2, 3);
            biasGrad.assign(biasSum);
            NativeMemory.release(biasSum);
        }
        NativeMemory.release(col, d, sum);
    }

    /** libnd4j's oneDNN convolution cannot dilate: a dilated one runs on libnd4j's own kernel. */
    private OneDnnBypass bypass() {
        return OneDnnBypass.openIf(geometry.dilationFrames() > 1);
    }

    private static INDArray rows(INDArray a, long start, long end, long batch) {
        return start == 0 && end == batch ? a : a.get(interval(start, end));
    }

    private int[] intArgs() {
        return new int[] {
            geometry.kernelBins(),
            geometry.kernelFrames(),
            geometry.strideBins(),
            geometry.strideFrames(),
            geometry.padBins(),
            geometry.padFrames(),
            1, // dilation over frequency
            geometry.dilationFrames(),
            0, // explicit padding ("valid" plus our pads)
            0, // NCHW
            1 // weights [oC, iC, kH, kW]
        };
    }
}
