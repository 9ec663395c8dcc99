package io.asrwb.engine.model.layers;

import java.util.Collection;
import java.util.Objects;
import org.deeplearning4j.nn.api.Layer;
import org.deeplearning4j.nn.api.ParamInitializer;
import org.deeplearning4j.nn.conf.InputPreProcessor;
import org.deeplearning4j.nn.conf.NeuralNetConfiguration;
import org.deeplearning4j.nn.conf.RNNFormat;
import org.deeplearning4j.nn.conf.inputs.InputType;
import org.deeplearning4j.nn.conf.layers.FeedForwardLayer;
import org.deeplearning4j.nn.conf.memory.LayerMemoryReport;
import org.deeplearning4j.optimize.api.TrainingListener;
import org.nd4j.linalg.api.buffer.DataType;
import org.nd4j.linalg.api.ndarray.INDArray;

/**
 * Configuration of a mask-aware 2-D convolution over (frequency, time) for speech front ends.
 *
 * <p>Input and output are DL4J time series {@code [B, C·F, T]} (NCW) whose feature axis holds
 * {@code C} channels of {@code F} frequency bins (channel-major), so layers stack and the last one
 * feeds a recurrent layer with no reshaping layer between. Padded input frames are zeroed before
 * the convolution, the output at frames past each utterance's exact output length ({@code
 * floor((L + 2p - k)/s) + 1}) is zeroed after the activation, and that output mask is what the
 * next layer receives. Batch normalisation, where a model has it, is the next layer ({@link
 * MaskedBatchNorm}, statistics over valid frames only); the convolution then has no bias (the
 * normalisation's shift replaces it) and no activation (the normalisation applies it).
 *
 * <p>Registered for DL4J's JSON configuration by its class name.
 */
public class MaskedConv2d extends FeedForwardLayer {

    private static final long serialVersionUID = 1L;

    private long inChannels;
    private long outChannels;
    private int kernelBins;
    private int kernelFrames;
    private int strideBins;
    private int strideFrames;
    private int padBins;
    private int padFrames;
    private FrontEndActivation activation = FrontEndActivation.HARDTANH_0_20;
    private int maxBatchChunk;
    private boolean inputGradient = true;
    private boolean hasBias = true;

    /** For JSON deserialisation only. */
    public MaskedConv2d() {}

    /**
     * A convolution from {@code inChannels} to {@code outChannels} channels; the input's frequency
     * bins are its feature size divided by {@code inChannels}.
     */
    public MaskedConv2d(
            String name,
            long inChannels,
            long outChannels,
            ConvGeometry geometry,
            FrontEndActivation activation) {
        if (inChannels < 1 || outChannels < 1) {
            throw new IllegalArgumentException(
                    "convolution "
                            + name
                            + ": channels must be >= 1, got "
                            + inChannels
                            + " -> "
                            + outChannels);
        }
        this.layerName = name;
        this.inChannels = inChannels;
        this.outChannels = outChannels;
        this.kernelBins = geometry.kernelBins();
        this.kernelFrames = geometry.kernelFrames();
        this.strideBins = geometry.strideBins();
        this.strideFrames = geometry.strideFrames();
        this.padBins = geometry.padBins();
        this.padFrames = geometry.padFrames();
        this.activation = Objects.requireNonNull(activation, "activation");
    }

    /** Sets the input features (channels × bins) explicitly, when the graph does not infer them. */
    public MaskedConv2d withNIn(long nIn) {
        this.nIn = nIn;
        this.nOut = outChannels * geometry().outputBins(inBins());
        return this;
    }

    /**
     * Caps the examples per native convolution call (0: sized from a 256 MB im2col budget). Affects
     * memory and speed only, never results.
     */
    public MaskedConv2d withMaxBatchChunk(int examples) {
        this.maxBatchChunk = examples;
        return this;
    }

    /**
     * Declares that nothing upstream needs this layer's input gradient (it reads the network's
     * features): backpropagation then returns zeros there and skips that work (a third of the
     * convolution's backward cost).
     */
    public MaskedConv2d withoutInputGradient() {
        this.inputGradient = false;
        return this;
    }

    /**
     * Drops the bias: for a convolution followed by batch normalisation, whose shift does its work
     * (deepspeech.pytorch's {@code bias=False}).
     */
    public MaskedConv2d withoutBias() {
        this.hasBias = false;
        return this;
    }

    /** Whether the layer has a bias parameter (true unless {@link #withoutBias()}; old configs lack the field). */
    public boolean isHasBias() {
        return hasBias;
    }

    public void setHasBias(boolean hasBias) {
        this.hasBias = hasBias;
    }

    public boolean isInputGradient() {
        return inputGradient;
    }

    public void setInputGradient(boolean inputGradient) {
        this.inputGradient = inputGradient;
    }

    public ConvGeometry geometry() {
        return new ConvGeometry(
                kernelBins, kernelFrames, strideBins, strideFrames, padBins, padFrames);
    }

    // Bean accessors: DL4J's JSON mapper reads and writes layer configurations through them.

    public long getInChannels() {
        return inChannels;
    }

    public void setInChannels(long inChannels) {
        this.inChannels = inChannels;
    }

    public long getOutChannels() {
        return outChannels;
    }

    public void setOutChannels(long outChannels) {
        this.outChannels = outChannels;
    }

    public int getKernelBins() {
        return kernelBins;
    }

    public void setKernelBins(int kernelBins) {
        this.kernelBins = kernelBins;
    }

    public int getKernelFrames() {
        return kernelFrames;
    }

    public void setKernelFrames(int kernelFrames) {
        this.kernelFrames = kernelFrames;
    }

    public int getStrideBins() {
        return strideBins;
    }

    public void setStrideBins(int strideBins) {
        this.strideBins = strideBins;
    }

    public int getStrideFrames() {
        return strideFrames;
    }

    public void setStrideFrames(int strideFrames) {
        this.strideFrames = strideFrames;
    }

    public int getPadBins() {
        return padBins;
    }

    public void setPadBins(int padBins) {
        this.padBins = padBins;
    }

    public int getPadFrames() {
        return padFrames;
    }

    public void setPadFrames(int padFrames) {
        this.padFrames = padFrames;
    }

    public FrontEndActivation getActivation() {
        return activation;
    }

    public void setActivation(FrontEndActivation activation) {
        this.activation = activation;
    }

    public int getMaxBatchChunk() {
        return maxBatchChunk;
    }

    public void setMaxBatchChunk(int maxBatchChunk) {
        this.maxBatchChunk = maxBatchChunk;
    }

    /** Frequency bins of the input. */
    public long inBins() {
        return nIn / inChannels;
    }

    /** Frequency bins of the output. */
    public long outBins() {
        return geometry().outputBins(inBins());
    }

    @Override
    public Layer instantiate(
            NeuralNetConfiguration conf,
            Collection<TrainingListener> listeners,
            int layerIndex,
            INDArray layerParamsView,
            boolean initializeParams,
            DataType networkDataType) {
        return LayerWiring.wire(
                new MaskedConv2dLayer(conf, networkDataType),
                conf,
                listeners,
                layerIndex,
                layerParamsView,
                initializeParams,
                initializer());
    }

    @Override
    public ParamInitializer initializer() {
        return MaskedConv2dParams.INSTANCE;
    }

    @Override
    public InputType getOutputType(int layerIndex, InputType inputType) {
        InputType.InputTypeRecurrent in = requireRecurrent(inputType);
        long bins = checkedBins(in.getSize());
        long frames =
                in.getTimeSeriesLength() > 0
                        ? geometry().outputFrames(in.getTimeSeriesLength())
                        : -1;
        return InputType.recurrent(
                outChannels * geometry().outputBins(bins), frames, RNNFormat.NCW);
    }

    @Override
    public void setNIn(InputType inputType, boolean override) {
        if (nIn <= 0 || override) {
            long size = requireRecurrent(inputType).getSize();
            checkedBins(size);
            withNIn(size);
        }
    }

    @Override
    public InputPreProcessor getPreProcessorForInputType(InputType inputType) {
        requireRecurrent(inputType);
        return null;
    }

    @Override
    public LayerMemoryReport getMemoryReport(InputType inputType) {
        long params = initializer().numParams(this);
        return new LayerMemoryReport.Builder(
                        layerName, MaskedConv2d.class, inputType, getOutputType(-1, inputType))
                .standardMemory(params, params)
                .workingMemory(0, 0, 0, 0)
                .cacheMemory(0, 0)
                .build();
    }

    private long checkedBins(long features) {
        if (features % inChannels != 0 || geometry().outputBins(features / inChannels) < 1) {
            throw new IllegalStateException(
                    "convolution \""
                            + layerName
                            + "\": input has "
                            + features
                            + " features, which is not "
                            + inChannels
                            + " channels of at least "
                            + kernelBins
                            + " bins (minus padding); check"
                            + " the spectrogram bins and the previous layer's channels");
        }
        return features / inChannels;
    }

    private InputType.InputTypeRecurrent requireRecurrent(InputType inputType) {
        if (!(inputType instanceof InputType.InputTypeRecurrent recurrent)
                || recurrent.getFormat() != RNNFormat.NCW) {
            throw new IllegalStateException(
                    "convolution \""
                            + layerName
                            + "\" needs time-series input [batch, channels*bins, frames]"
                            + " (recurrent NCW), got "
                            + inputType);
        }
        return recurrent;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof MaskedConv2d other
                && super.equals(o)
                && inChannels == other.inChannels
                && outChannels == other.outChannels
                && kernelBins == other.kernelBins
                && kernelFrames == other.kernelFrames
                && strideBins == other.strideBins
                && strideFrames == other.strideFrames
                && padBins == other.padBins
                && padFrames == other.padFrames
                && activation == other.activation
                && maxBatchChunk == other.maxBatchChunk
                && inputGradient == other.inputGradient
                && hasBias == other.hasBias;
    }

    @Override
    public int hashCode() {
        // Raw fields, not geometry(): Jackson hashes the object before all fields are set.
        return Objects.hash(
                super.hashCode(),
                inChannels,
                outChannels,
                kernelBins,
                kernelFrames,
                strideBins,
                strideFrames,
                padBins,
                padFrames,
                activation,
                maxBatchChunk,
                inputGradient,
                hasBias);
    }
}
