package io.asrwb.engine.model.layers;

import org.nd4j.linalg.api.ndarray.INDArray;

/**
 * Forward state of a batch normalisation's training pass: the normalised input (zero at padded
 * frames), the activated output, the mask (null where there is none or the loops kept the
 * lengths), the batch's mean, biased variance and 1/√(var+ε) per channel, the number of values
 * each channel's statistics span, and the loops that computed it in single precision (null on
 * ND4J's ops).
 */
record BatchNormForward(
        INDArray normalised,
        INDArray activated,
        INDArray mask,
        INDArray mean,
        INDArray variance,
        INDArray inverseStd,
        long count,
        BatchNormLoops loops) {

    /** Frees this state's arrays; the output too when {@code withOutput}. */
    void release(boolean withOutput) {
        NativeMemory.release(
                normalised, mask, mean, variance, inverseStd, withOutput ? activated : null);
    }
}
