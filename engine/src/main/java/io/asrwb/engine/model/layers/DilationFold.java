package io.asrwb.engine.model.layers;

import static org.nd4j.linalg.indexing.NDArrayIndex.all;
import static org.nd4j.linalg.indexing.NDArrayIndex.interval;

import org.nd4j.linalg.api.ndarray.INDArray;
import org.nd4j.linalg.factory.Nd4j;

/**
 * A dilated "same" 1-D convolution over time run as an undilated one, so that it stays on
 * libnd4j's oneDNN kernel (which rejects dilation, see {@link OneDnnBypass}; libnd4j's own kernel
 * took twice as long per multiply-add on Wav2Letter's dilated layer, docs/PERFORMANCE.md).
 *
 * <p>Frames zero-padded to a multiple of the dilation {@code d} split into {@code d} phases (frame
 * {@code i·d + j} is frame {@code i} of phase {@code j}): a kernel of {@code k} taps spaced {@code
 * d} frames apart reads one phase only, at adjacent frames, so each phase is an example of an
 * undilated convolution with the same weights, padded {@code (k - 1)/2} each side, over {@code
 * T/d} frames (the batch becomes {@code B·d} examples of the shape the other layers have). Applies
 * to stride 1 and padding {@code d(k - 1)/2} (odd {@code k}): output frames = input frames.
 */
final class DilationFold {

    private final int dilation;
    private final Conv2dNative phases;

    private DilationFold(int dilation, Conv2dNative phases) {
        this.dilation = dilation;
        this.phases = phases;
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
        long phaseFrames = Math.floorDiv(frames + d - 1, d);
        return new DilationFold(
                d,
                new Conv2dNative(
                        ConvGeometry.overTime(k, 1, (k - 1) / 2),
                        inChannels,
                        1,
                        phaseFrames,
                        elementBytes,
                        maxBatchChunk));
    }

    /** {@code out = conv(x, w) + bias} for {@code x [B, iC, 1, T]}, {@code out [B, oC, 1, T]}. */
    void forward(INDArray x, INDArray w, INDArray bias, INDArray out) {
        INDArray xPhases = fold(x);
        INDArray outPhases =
                Nd4j.create(x.dataType(), xPhases.size(0), out.size(1), 1, xPhases.size(3));
        phases.forward(xPhases, w, bias, outPhases);
        INDArray unfolded = unfold(outPhases, x.size(0));
        out.assign(unfolded.get(all(), all(), all(), interval(0, out.size(3))));
        NativeMemory.release(xPhases, outPhases, unfolded);
    }

    /** As {@link Conv2dNative#backward}: returns the input gradient, overwrites the others. */
    INDArray backward(
            INDArray x,
            INDArray w,
            INDArray bias,
            INDArray dOut,
            INDArray wGrad,
            INDArray biasGrad) {
        INDArray xPhases = fold(x);
        INDArray dPhases = fold(dOut);
        INDArray gradPhases = phases.backward(xPhases, w, bias, dPhases, wGrad, biasGrad);
        INDArray unfolded = unfold(gradPhases, x.size(0));
        INDArray inputGrad = unfolded.get(all(), all(), all(), interval(0, x.size(3))).dup('c');
        NativeMemory.release(xPhases, dPhases, gradPhases, unfolded);
        return inputGrad;
    }

    /** {@code [B, C, 1, T]} as {@code [B·d, C, 1, ceil(T/d)]}, phase-major within each example. */
    private INDArray fold(INDArray a) {
        long batch = a.size(0);
        long channels = a.size(1);
        long frames = a.size(3);
        long phaseFrames = Math.floorDiv(frames + dilation - 1, dilation);
        INDArray padded = Nd4j.zeros(a.dataType(), batch, channels, phaseFrames * dilation);
        padded.get(all(), all(), interval(0, frames))
                .assign(a.reshape('c', batch, channels, frames));
        INDArray phased =
                padded.reshape('c', batch, channels, phaseFrames, dilation)
                        .permute(0, 3, 1, 2)
                        .dup('c');
        NativeMemory.release(padded);
        return phased.reshape('c', batch * dilation, channels, 1, phaseFrames);
    }

    /** {@code [B·d, C, 1, R]} back to {@code [B, C, 1, R·d]} (a copy, all R·d frames). */
    private INDArray unfold(INDArray a, long batch) {
        long channels = a.size(1);
        long phaseFrames = a.size(3);
        return a.reshape('c', batch, dilation, channels, phaseFrames)
                .permute(0, 2, 3, 1)
                .dup('c')
                .reshape('c', batch, channels, 1, phaseFrames * dilation);
    }
}
