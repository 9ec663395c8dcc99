package io.asrwb.engine.model.layers;

import org.nd4j.linalg.api.ndarray.INDArray;
import org.nd4j.linalg.api.ops.DynamicCustomOp;
import org.nd4j.linalg.factory.Nd4j;

/**
 * libnd4j's {@code depthwise_conv2d}/{@code depthwise_conv2d_bp} ops on height-1 NCHW images
 * {@code [B, C, 1, T]} with one kernel {@code [C, k]} per channel (passed as {@code [1, C, 1, k]},
 * the op's weight format 1) and no bias. The layer runs it in double precision (the gradient
 * checks); single precision goes through {@link DepthwiseLoops} (the op's backward pass was slow).
 */
final class DepthwiseNative {

    private final ConvGeometry geometry;

    DepthwiseNative(ConvGeometry geometry) {
        this.geometry = geometry;
    }

    /** {@code out = depthwise(x, w)}; {@code out} preallocated {@code [B, C, 1, T']}. */
    void forward(INDArray x, INDArray w, INDArray out) {
        DynamicCustomOp op =
                DynamicCustomOp.builder("depthwise_conv2d")
                        .addInputs(x, kernel(w))
                        .addOutputs(out)
                        .addIntegerArguments(intArgs())
                        .build();
        try (OneDnnBypass ignored = bypass()) {
            Nd4j.exec(op);
        }
    }

    /**
     * Overwrites {@code wGrad} ({@code [C, k]}) and returns the input gradient (zeros when no one
     * needs it: {@code inputGradient} false).
     */
    INDArray backward(
            INDArray x, INDArray w, INDArray dOut, INDArray wGrad, boolean inputGradient) {
        INDArray inputGrad = Nd4j.create(x.dataType(), x.shape());
        INDArray wGrad4d = Nd4j.create(x.dataType(), 1, w.size(0), 1, w.size(1));
        DynamicCustomOp op =
                DynamicCustomOp.builder("depthwise_conv2d_bp")
                        .addInputs(x, kernel(w), dOut)
                        .addOutputs(inputGrad, wGrad4d)
                        .addIntegerArguments(intArgs())
                        .build();
        try (OneDnnBypass ignored = bypass()) {
            Nd4j.exec(op);
        }
        wGrad.assign(wGrad4d.reshape('c', wGrad.shape()));
        NativeMemory.release(wGrad4d);
        return inputGrad;
    }

    private static INDArray kernel(INDArray w) {
        return w.reshape('c', 1, w.size(0), 1, w.size(1));
    }

    /** As for {@link Conv2dNative}: oneDNN rejects dilation, libnd4j's own kernel takes it. */
    private OneDnnBypass bypass() {
        return OneDnnBypass.openIf(geometry.dilationFrames() > 1);
    }

    private int[] intArgs() {
        return new int[] {
            1,
            geometry.kernelFrames(),
            1,
            geometry.strideFrames(),
            0,
            geometry.padFrames(),
            1,
            geometry.dilationFrames(),
            0, // explicit padding
            0, // NCHW
            1 // weights [mC, iC, kH, kW]
        };
    }
}
