package io.asrwb.engine.config;

/**
 * One 1-D convolution over time of a Wav2Letter stack, followed by ReLU (after batch normalisation
 * where the model has it) and dropout.
 */
public record Conv1dLayer(
        @Describe("Output channels") @Range(min = 1, max = 8192) int channels,
        @Describe("Kernel width over time frames") @Range(min = 1, max = 1024) int kernel,
        @Describe("Stride over time") @Range(min = 1, max = 64) int stride,
        @Describe("Dilation over time") @Range(min = 1, max = 64) int dilation,
        @Describe("Dropout after the layer during training") @Range(min = 0, max = 0.95)
                double dropout) {

    /** Output length with 'same' padding: ceil(frames / stride) (odd kernels, or even dilations). */
    public long outputTime(long frames) {
        return Math.floorDiv(frames + stride - 1, stride);
    }
}
