package io.asrwb.engine.model.layers;

/**
 * Kernel, stride, zero padding and time dilation of a 2-D convolution over (frequency, time), and
 * the exact output sizes they give: {@code floor((n + 2p - d(k - 1) - 1) / s) + 1}, never below 0
 * (frequency is never dilated: only Wav2Letter's 1-D convolutions over time use it).
 *
 * @param kernelBins kernel extent along frequency
 * @param kernelFrames kernel extent along time
 * @param strideBins stride along frequency
 * @param strideFrames stride along time
 * @param padBins zero padding on each side along frequency
 * @param padFrames zero padding on each side along time
 * @param dilationFrames spacing of the kernel's taps along time (1: adjacent frames)
 */
public record ConvGeometry(
        int kernelBins,
        int kernelFrames,
        int strideBins,
        int strideFrames,
        int padBins,
        int padFrames,
        int dilationFrames) {

    /** An undilated convolution. */
    public ConvGeometry(
            int kernelBins,
            int kernelFrames,
            int strideBins,
            int strideFrames,
            int padBins,
            int padFrames) {
        this(kernelBins, kernelFrames, strideBins, strideFrames, padBins, padFrames, 1);
    }

    public ConvGeometry {
        if (dilationFrames < 1) {
            throw new IllegalArgumentException(
                    "convolution dilation must be >= 1, got " + dilationFrames);
        }
        if (kernelBins < 1 || kernelFrames < 1 || strideBins < 1 || strideFrames < 1) {
            throw new IllegalArgumentException(
                    "convolution kernel and stride must be >= 1, got kernel "
                            + kernelBins
                            + "x"
                            + kernelFrames
                            + " stride "
                            + strideBins
                            + "x"
                            + strideFrames);
        }
        if (padBins < 0 || padFrames < 0) {
            throw new IllegalArgumentException(
                    "convolution padding must be >= 0, got " + padBins + "x" + padFrames);
        }
    }

    /** A 1-D convolution over time (frequency extent 1, no frequency padding). */
    public static ConvGeometry overTime(int kernelFrames, int strideFrames, int padFrames) {
        return new ConvGeometry(1, kernelFrames, 1, strideFrames, 0, padFrames);
    }

    /**
     * A dilated 1-D convolution over time padded by {@code floor(d(k - 1) / 2)} frames each side:
     * "same" ({@code ceil(frames / stride)} frames out) when {@code d(k - 1)} is even, one frame
     * fewer otherwise.
     */
    public static ConvGeometry sameOverTime(
            int kernelFrames, int strideFrames, int dilationFrames) {
        int pad = dilationFrames * (kernelFrames - 1) / 2;
        return new ConvGeometry(1, kernelFrames, 1, strideFrames, 0, pad, dilationFrames);
    }

    /** Output frequency bins for {@code bins} input bins. */
    public int outputBins(long bins) {
        return outputSize(bins, kernelBins, strideBins, padBins);
    }

    /** Output frames for {@code frames} valid input frames; 0 when the input is shorter than the kernel reach. */
    public int outputFrames(long frames) {
        return outputSize(frames, dilationFrames * (kernelFrames - 1) + 1, strideFrames, padFrames);
    }

    private static int outputSize(long in, int kernel, int stride, int pad) {
        long span = in + 2L * pad - kernel;
        return span < 0 ? 0 : (int) (span / stride + 1);
    }
}
