package io.asrwb.engine.config;

/**
 * One block of a QuartzNet: {@code repeat} sub-blocks of a 1-D convolution over time (depthwise
 * then pointwise when separable), batch normalisation, ReLU and dropout, with the block's input
 * added back through a pointwise convolution when residual.
 */
public record QuartzBlock(
        @Describe("Output channels") @Range(min = 1, max = 8192) int channels,
        @Describe("Kernel width over time frames (odd)") @Range(min = 1, max = 1023) int kernel,
        @Describe("Sub-blocks in the block (R)") @Range(min = 1, max = 64) int repeat,
        @Describe("Stride over time (a block of one sub-block without residual only)")
                @Range(min = 1, max = 64)
                int stride,
        @Describe("Dilation over time") @Range(min = 1, max = 64) int dilation,
        @Describe("Dropout after each sub-block during training") @Range(min = 0, max = 0.95)
                double dropout,
        @Describe("Add the block's input back (through a pointwise convolution)") boolean residual,
        @Describe("Depthwise then pointwise convolution (QuartzNet); false: a full one")
                boolean separable) {

    /** Output length with 'same' padding: ceil(frames / stride). */
    public long outputTime(long frames) {
        return Math.floorDiv(frames + stride - 1, stride);
    }
}
