package io.asrwb.engine.config;

/**
 * One 2-D convolution of the DS2 front end over (frequency × time), followed by hardtanh (and
 * batch normalisation before it where {@code model.conv_batch_norm} is on).
 */
public record ConvLayer(
        @Describe("Output channels") @Range(min = 1, max = 4096) int channels,
        @Describe("Kernel height over frequency bins") @Range(min = 1, max = 1024) int kernelFreq,
        @Describe("Kernel width over time frames") @Range(min = 1, max = 1024) int kernelTime,
        @Describe("Stride over frequency") @Range(min = 1, max = 64) int strideFreq,
        @Describe("Stride over time (the product over layers sets the output frame rate)")
                @Range(min = 1, max = 64)
                int strideTime,
        @Describe("Zero padding on each side over frequency") @Range(min = 0, max = 1024)
                int padFreq,
        @Describe("Zero padding on each side over time") @Range(min = 0, max = 1024) int padTime) {

    /** Output height for an input of {@code bins} frequency bins (PyTorch's conv arithmetic). */
    public long outputFreq(long bins) {
        return Math.floorDiv(bins + 2L * padFreq - kernelFreq, strideFreq) + 1;
    }

    /** Output length for an input of {@code frames} time frames. */
    public long outputTime(long frames) {
        return Math.floorDiv(frames + 2L * padTime - kernelTime, strideTime) + 1;
    }
}
