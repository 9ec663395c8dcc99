package io.asrwb.engine.model;

import io.asrwb.engine.model.layers.ConvGeometry;
import io.asrwb.engine.model.layers.FrontEndActivation;
import io.asrwb.engine.model.layers.MaskedConv2d;
import java.util.List;
import java.util.Objects;

/**
 * One front-end convolution: output channels and geometry.
 *
 * @param channels output channels
 * @param geometry kernel, stride and padding over (frequency, time)
 */
public record ConvLayerSpec(int channels, ConvGeometry geometry) {

    public ConvLayerSpec {
        if (channels < 1) {
            throw new IllegalArgumentException("conv layer channels must be >= 1, got " + channels);
        }
        Objects.requireNonNull(geometry, "conv layer geometry");
    }

    /**
     * This convolution as a layer reading {@code inChannels}: followed by batch norm it has no bias
     * and no activation of its own (the norm's shift is the bias, the activation comes after it).
     */
    public MaskedConv2d layer(
            String name, long inChannels, FrontEndActivation activation, boolean batchNorm) {
        return batchNorm
                ? new MaskedConv2d(
                                name, inChannels, channels, geometry, FrontEndActivation.IDENTITY)
                        .withoutBias()
                : new MaskedConv2d(name, inChannels, channels, geometry, activation);
    }

    /** Input frames per output frame of a stack of convolutions: the product of their time strides. */
    public static int timeStride(List<ConvLayerSpec> convs) {
        int stride = 1;
        for (ConvLayerSpec conv : convs) {
            stride = Math.multiplyExact(stride, conv.geometry().strideFrames());
        }
        return stride;
    }
}
