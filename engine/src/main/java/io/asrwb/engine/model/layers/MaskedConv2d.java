package io.asrwb.engine.model.layers;

import org.deeplearning4j.nn.api.ParamInitializer;
import org.deeplearning4j.nn.conf.NeuralNetConfiguration;
import org.deeplearning4j.nn.conf.RNNFormat;
import org.deeplearning4j.nn.conf.inputs.InputType;
import org.deeplearning4j.nn.layers.BaseLayer;
import org.nd4j.linalg.api.buffer.DataType;

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
public class MaskedConv2d extends MaskedConv2dSettings {

    private static final long serialVersionUID = 1L;

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
        super(name, inChannels, outChannels, geometry, activation);
    }

    /** Sets the input features (channels × bins) explicitly, when the graph does not infer them. */
    public MaskedConv2d withNIn(long nIn) {
        this.nIn = nIn;
        this.nOut = getOutChannels() * geometry().outputBins(inBins());
        return this;
    }

    /**
     * Declares that nothing upstream needs this layer's input gradient (it reads the network's
     * features): backpropagation then returns zeros there and skips that work (a third of the
     * convolution's backward cost).
     */
    public MaskedConv2d withoutInputGradient() {
        setInputGradient(false);
        return this;
    }

    /**
     * Drops the bias: for a convolution followed by batch normalisation, whose shift does its work
     * (deepspeech.pytorch's {@code bias=False}).
     */
    public MaskedConv2d withoutBias() {
        setHasBias(false);
        return this;
    }

    /** Frequency bins of the input. */
    public long inBins() {
        return nIn / getInChannels();
    }

    /** Frequency bins of the output. */
    public long outBins() {
        return geometry().outputBins(inBins());
    }

    @Override
    BaseLayer<?> runtime(NeuralNetConfiguration conf, DataType networkDataType) {
        return new MaskedConv2dLayer(conf, networkDataType);
    }

    @Override
    String kind() {
        return "convolution";
    }

    @Override
    String featureAxis() {
        return "channels*bins";
    }

    @Override
    void acceptInputSize(long features) {
        checkedBins(features);
        withNIn(features);
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
                getOutChannels() * geometry().outputBins(bins), frames, RNNFormat.NCW);
    }

    private long checkedBins(long features) {
        if (features % getInChannels() != 0
                || geometry().outputBins(features / getInChannels()) < 1) {
            throw new IllegalStateException(
                    "convolution \""
                            + layerName
                            + "\": input has "
                            + features
                            + " features, which is not "
                            + getInChannels()
                            + " channels of at least "
                            + getKernelBins()
                            + " bins (minus padding); check"
                            + " the spectrogram bins and the previous layer's channels");
        }
        return features / getInChannels();
    }
}
