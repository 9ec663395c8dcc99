package io.asrwb.engine.model.layers;

import java.util.Objects;
import org.deeplearning4j.nn.api.ParamInitializer;
import org.deeplearning4j.nn.conf.NeuralNetConfiguration;
import org.deeplearning4j.nn.conf.RNNFormat;
import org.deeplearning4j.nn.conf.inputs.InputType;
import org.deeplearning4j.nn.layers.BaseLayer;
import org.nd4j.linalg.api.buffer.DataType;

/**
 * Configuration of a mask-aware depthwise 1-D convolution over time: each of the {@code C}
 * channels of a time series {@code [B, C, T]} (NCW) is convolved with its own kernel of {@code k}
 * taps (QuartzNet's time-channel separable convolution is this followed by a kernel-1 {@link
 * MaskedConv2d}). No bias (batch normalisation follows it) and no activation. Padded input frames
 * are zeroed before the convolution and the output past each utterance's exact output length is
 * zeroed after it; that output mask is what the next layer receives.
 *
 * <p>Registered for DL4J's JSON configuration by its class name.
 */
public class MaskedDepthwiseConv1d extends MaskedLayerConfig {

    private static final long serialVersionUID = 1L;

    private int kernelFrames;
    private int strideFrames = 1;
    private int padFrames;
    private int dilationFrames = 1;
    private boolean inputGradient = true;
    private boolean identityStart;

    /** For JSON deserialisation only. */
    public MaskedDepthwiseConv1d() {}

    /**
     * A depthwise convolution over {@code channels} channels; {@code geometry} must run over time
     * only (frequency kernel, stride 1 and no frequency padding, see {@link
     * ConvGeometry#sameOverTime}).
     */
    public MaskedDepthwiseConv1d(String name, long channels, ConvGeometry geometry) {
        Objects.requireNonNull(geometry, "geometry");
        if (channels < 1) {
            throw new IllegalArgumentException(
                    "depthwise convolution " + name + ": channels must be >= 1, got " + channels);
        }
        if (geometry.kernelBins() != 1 || geometry.strideBins() != 1 || geometry.padBins() != 0) {
            throw new IllegalArgumentException(
                    "depthwise convolution "
                            + name
                            + " runs over time only (frequency kernel 1, stride 1, pad 0), got "
                            + geometry);
        }
        this.layerName = name;
        this.nIn = channels;
        this.nOut = channels;
        this.kernelFrames = geometry.kernelFrames();
        this.strideFrames = geometry.strideFrames();
        this.padFrames = geometry.padFrames();
        this.dilationFrames = geometry.dilationFrames();
    }

    /**
     * Declares that nothing upstream needs this layer's input gradient (it reads the network's
     * features): backpropagation returns zeros there and skips that work.
     */
    public MaskedDepthwiseConv1d withoutInputGradient() {
        this.inputGradient = false;
        return this;
    }

    /**
     * Starts as the identity (each channel's centre tap 1, the others 0) instead of random taps: a
     * layer added after trained-to-be layers (the lookahead after DS2's LSTMs) then begins by
     * passing their output through unchanged and learns what to take from the frames around it.
     * Needs an odd kernel.
     */
    public MaskedDepthwiseConv1d startingAsIdentity() {
        if (kernelFrames % 2 == 0) {
            throw new IllegalArgumentException(
                    "depthwise convolution "
                            + layerName
                            + ": an identity start needs an odd kernel, got "
                            + kernelFrames);
        }
        this.identityStart = true;
        return this;
    }

    /** The convolution's geometry over (1 bin, time). */
    public ConvGeometry geometry() {
        return new ConvGeometry(1, kernelFrames, 1, strideFrames, 0, padFrames, dilationFrames);
    }

    // Bean accessors: DL4J's JSON mapper reads and writes layer configurations through them.

    public int getKernelFrames() {
        return kernelFrames;
    }

    public void setKernelFrames(int kernelFrames) {
        this.kernelFrames = kernelFrames;
    }

    public int getStrideFrames() {
        return strideFrames;
    }

    public void setStrideFrames(int strideFrames) {
        this.strideFrames = strideFrames;
    }

    public int getPadFrames() {
        return padFrames;
    }

    public void setPadFrames(int padFrames) {
        this.padFrames = padFrames;
    }

    public int getDilationFrames() {
        return dilationFrames;
    }

    public void setDilationFrames(int dilationFrames) {
        this.dilationFrames = dilationFrames;
    }

    public boolean isInputGradient() {
        return inputGradient;
    }

    public void setInputGradient(boolean inputGradient) {
        this.inputGradient = inputGradient;
    }

    public boolean isIdentityStart() {
        return identityStart;
    }

    public void setIdentityStart(boolean identityStart) {
        this.identityStart = identityStart;
    }

    @Override
    BaseLayer<?> runtime(NeuralNetConfiguration conf, DataType networkDataType) {
        return new MaskedDepthwiseConv1dLayer(conf, networkDataType);
    }

    @Override
    String kind() {
        return "depthwise convolution";
    }

    @Override
    String featureAxis() {
        return "channels";
    }

    @Override
    public ParamInitializer initializer() {
        return MaskedDepthwiseConv1dParams.INSTANCE;
    }

    @Override
    public InputType getOutputType(int layerIndex, InputType inputType) {
        InputType.InputTypeRecurrent in = requireRecurrent(inputType);
        long frames =
                in.getTimeSeriesLength() > 0
                        ? geometry().outputFrames(in.getTimeSeriesLength())
                        : -1;
        return InputType.recurrent(nOut, frames, RNNFormat.NCW);
    }

    /** Checked on every call: the channels are fixed when the layer is made. */
    @Override
    public void setNIn(InputType inputType, boolean override) {
        acceptInputSize(requireRecurrent(inputType).getSize());
    }

    @Override
    void acceptInputSize(long size) {
        if (size != nIn) {
            throw new IllegalStateException(
                    "depthwise convolution \""
                            + layerName
                            + "\" has "
                            + nIn
                            + " channels but its input has "
                            + size
                            + " features per frame; check the previous layer's channels");
        }
    }
}
