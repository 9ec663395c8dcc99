package io.asrwb.engine.model;

import io.asrwb.engine.model.layers.ConvGeometry;

/**
 * One block of a {@link QuartzNetSpec} (NeMo's Jasper block): {@code repeat} sub-blocks, each a
 * 1-D convolution over time (time-channel separable: depthwise then pointwise, or a plain one),
 * batch normalisation, ReLU and dropout; with {@code residual}, the block's input through a
 * pointwise convolution and batch normalisation is added before the last sub-block's ReLU.
 *
 * @param channels output channels of every sub-block
 * @param kernel kernel width over time frames (odd)
 * @param repeat sub-blocks (R)
 * @param stride stride over time of the first sub-block (only a block of one sub-block and no
 *     residual may stride)
 * @param dilation spacing of the kernel's taps
 * @param dropout probability of zeroing each output value during training
 * @param residual whether the block's input is added back (through a pointwise convolution)
 * @param separable depthwise + pointwise convolutions (QuartzNet) instead of a full one (Jasper)
 */
public record QuartzBlockSpec(
        int channels,
        int kernel,
        int repeat,
        int stride,
        int dilation,
        double dropout,
        boolean residual,
        boolean separable) {

    public QuartzBlockSpec {
        if (channels < 1 || kernel < 1 || repeat < 1 || stride < 1 || dilation < 1) {
            throw new IllegalArgumentException(
                    "QuartzNet block: channels, kernel, repeat, stride and dilation must be >= 1,"
                            + " got "
                            + channels
                            + ", "
                            + kernel
                            + ", "
                            + repeat
                            + ", "
                            + stride
                            + ", "
                            + dilation);
        }
        if (kernel % 2 == 0) {
            throw new IllegalArgumentException(
                    "QuartzNet block: kernel must be odd ('same' padding), got " + kernel);
        }
        if (stride > 1 && (repeat > 1 || residual)) {
            throw new IllegalArgumentException(
                    "QuartzNet block: only a block of one sub-block without residual may stride,"
                            + " got stride "
                            + stride
                            + " with repeat "
                            + repeat
                            + (residual ? " and a residual" : ""));
        }
        if (!(dropout >= 0 && dropout < 1)) {
            throw new IllegalArgumentException(
                    "QuartzNet block: dropout must be in [0, 1), got " + dropout);
        }
    }

    /** The first sub-block's geometry ('same' padding, the block's stride). */
    public ConvGeometry firstGeometry() {
        return ConvGeometry.sameOverTime(kernel, stride, dilation);
    }

    /** The other sub-blocks' geometry (stride 1). */
    public ConvGeometry restGeometry() {
        return ConvGeometry.sameOverTime(kernel, 1, dilation);
    }
}
