package io.asrwb.engine.model.layers;

import static org.nd4j.linalg.indexing.NDArrayIndex.all;
import static org.nd4j.linalg.indexing.NDArrayIndex.interval;

import org.nd4j.linalg.api.ndarray.INDArray;
import org.nd4j.linalg.factory.Nd4j;

/**
 * A dilated "same" 1-D convolution over time run as an undilated 2-D one, so that it stays on
 * libnd4j's oneDNN kernel (which rejects dilation, see {@link OneDnnBypass}; libnd4j's own kernel
 * took twice as long per multiply-add on Wav2Letter's dilated layer, docs/PERFORMANCE.md).
 *
 * <p>Frames {@code [T]} zero-padded to a multiple of the dilation {@code d} and read as rows {@code
 * [T/d, d]}: frame {@code t + d·m} is row {@code i + m} of the same column, so a kernel of {@code
 * k} taps spaced {@code d} frames apart is a {@code k × 1} kernel over rows, padded {@code (k-1)/2}
 * rows each side, and its weights {@code [oC, iC, 1, k]} are the same memory as {@code [oC, iC, k,
 * 1]}. Applies to stride 1 and padding {@code d(k - 1)/2} (odd {@code k}), where the output has as
 * many frames as the input.
 */
final class DilationFold {

    private final int dilation;
    private final int kernel;
    private final Conv2dNative rows;

    private DilationFold(int dilation, int kernel, Conv2dNative rows) {
        this.dilation = dilation;
        this.kernel = kernel;
        this.rows = rows;
    }

    /** The fold of {@code g}, or null where it does not apply (see the class comment). */
    static DilationFold of(
            ConvGeometry g, long inChannels, long frames, int elementBytes, int maxBatchChunk) {
        int d = g.dilationFrames();
        int k = g.kernelFrames();
        if (d == 1
                || g.kernelBins() != 1
                || g.strideBins() != 1
                || g.strideFrames() != 1
                || g.padBins() != 0
                || 2 * g.padFrames() != d * (k - 1)
                || k % 2 == 0) {
            return null;
        }
        ConvGeometry overRows = new ConvGeometry(k, 1, 1, 1, (k - 1) / 2, 0);
        long rowCount = Math.floorDiv(frames + d - 1, d);
        return new DilationFold(
                d,
                k,
                new Conv2dNative(overRows, inChannels, rowCount, d, elementBytes, maxBatchChunk));
    }

    /** {@code out = conv(x, w) + bias} for {@code x [B, iC, 1, T]}, {@code out [B, oC, 1, T]}. */
    void forward(INDArray x, INDArray w, INDArray bias, INDArray out) {
        INDArray xRows = fold(x);
        INDArray outRows =
                Nd4j.create(x.dataType(), out.size(0), out.size(1), xRows.size(2), dilation);
        rows.forward(xRows, overRows(w), bias, outRows);
        out.assign(unfold(outRows, out.size(3)));
        NativeMemory.release(xRows, outRows);
    }

    /** As {@link Conv2dNative#backward}: returns the input gradient, overwrites the others. */
    INDArray backward(
            INDArray x,
            INDArray w,
            INDArray bias,
            INDArray dOut,
            INDArray wGrad,
            INDArray biasGrad) {
        INDArray xRows = fold(x);
        INDArray dRows = fold(dOut);
        INDArray wGradRows = Nd4j.create(w.dataType(), w.size(0), w.size(1), kernel, 1);
        INDArray gradRows = rows.backward(xRows, overRows(w), bias, dRows, wGradRows, biasGrad);
        wGrad.assign(wGradRows.reshape('c', wGrad.shape()));
        INDArray inputGrad = unfold(gradRows, x.size(3)).dup('c');
        NativeMemory.release(xRows, dRows, wGradRows, gradRows);
        return inputGrad;
    }

    /** {@code [B, C, 1, T]} as {@code [B, C, ceil(T/d), d]}, zero-padded (a copy). */
    private INDArray fold(INDArray a) {
        long frames = a.size(3);
        long rowCount = Math.floorDiv(frames + dilation - 1, dilation);
        INDArray padded = Nd4j.zeros(a.dataType(), a.size(0), a.size(1), 1, rowCount * dilation);
        padded.get(all(), all(), all(), interval(0, frames)).assign(a);
        return padded.reshape('c', a.size(0), a.size(1), rowCount, dilation);
    }

    /** The first {@code frames} frames of rows {@code [B, C, R, d]} as {@code [B, C, 1, frames]} (a view). */
    private static INDArray unfold(INDArray a, long frames) {
        return a.reshape('c', a.size(0), a.size(1), 1, a.size(2) * a.size(3))
                .get(all(), all(), all(), interval(0, frames));
    }

    private INDArray overRows(INDArray w) {
        return w.reshape('c', w.size(0), w.size(1), kernel, 1);
    }
}
