package io.asrwb.engine.model.layers;

import java.util.List;
import java.util.Objects;
import org.deeplearning4j.nn.api.ParamInitializer;
import org.deeplearning4j.nn.conf.NeuralNetConfiguration;
import org.deeplearning4j.nn.conf.RNNFormat;
import org.deeplearning4j.nn.conf.inputs.InputType;
import org.deeplearning4j.nn.layers.BaseLayer;
import org.nd4j.linalg.api.buffer.DataType;
import org.nd4j.linalg.learning.config.IUpdater;
import org.nd4j.linalg.learning.config.NoOp;
import org.nd4j.linalg.learning.regularization.Regularization;

/**
 * Configuration of a batch normalisation over a masked time series {@code [B, C·K, T]} (NCW)
 * whose feature axis holds {@code C} channels of {@code K} values each (channel-major): one mean
 * and variance per channel, over the K values of every <em>valid</em> frame of every utterance.
 * Padded frames (past each utterance's mask) take no part in the statistics, get zero output and
 * pass no gradient. After a front-end convolution {@code C} is its channels and {@code K} its
 * frequency bins (PyTorch's {@code BatchNorm2d}); between recurrent layers {@code C} is the
 * feature count and {@code K = 1} (deepspeech.pytorch's {@code SequenceWise(BatchNorm1d)}).
 *
 * <p>Training normalises with the batch's statistics and, once per backward pass, moves running
 * statistics towards them ({@code running = (1 − momentum)·running + momentum·batch}, the variance
 * unbiased, as PyTorch does); inference normalises with the running statistics, so an utterance's
 * output does not depend on its batch mates. The running statistics are parameters of the layer
 * (saved and restored with the weights) that no updater touches and no weight decay shrinks.
 *
 * <p>Registered for DL4J's JSON configuration by its class name.
 */
public class MaskedBatchNorm extends MaskedLayerConfig {

    private static final long serialVersionUID = 1L;

    /** PyTorch's default momentum of the running statistics. */
    public static final double DEFAULT_MOMENTUM = 0.1;

    /** PyTorch's default variance epsilon. */
    public static final double DEFAULT_EPSILON = 1e-5;

    private long channels;
    private FrontEndActivation activation = FrontEndActivation.IDENTITY;
    private double momentum = DEFAULT_MOMENTUM;
    private double epsilon = DEFAULT_EPSILON;

    /** For JSON deserialisation only. */
    public MaskedBatchNorm() {}

    /**
     * A normalisation with one mean and variance per each of {@code channels} channels, followed by
     * {@code activation}.
     */
    public MaskedBatchNorm(String name, long channels, FrontEndActivation activation) {
        if (channels < 1) {
            throw new IllegalArgumentException(
                    "batch norm " + name + ": channels must be >= 1, got " + channels);
        }
        this.layerName = name;
        this.channels = channels;
        this.activation = Objects.requireNonNull(activation, "activation");
    }

    /** Sets the input features (channels × values per channel) explicitly. */
    public MaskedBatchNorm withNIn(long nIn) {
        this.nIn = nIn;
        this.nOut = nIn;
        return this;
    }

    // Bean accessors: DL4J's JSON mapper reads and writes layer configurations through them.

    public long getChannels() {
        return channels;
    }

    public void setChannels(long channels) {
        this.channels = channels;
    }

    public FrontEndActivation getActivation() {
        return activation;
    }

    public void setActivation(FrontEndActivation activation) {
        this.activation = activation;
    }

    public double getMomentum() {
        return momentum;
    }

    public void setMomentum(double momentum) {
        this.momentum = momentum;
    }

    public double getEpsilon() {
        return epsilon;
    }

    public void setEpsilon(double epsilon) {
        this.epsilon = epsilon;
    }

    /** Values per channel in each frame. */
    public long valuesPerChannel() {
        return nIn / channels;
    }

    @Override
    BaseLayer<?> runtime(NeuralNetConfiguration conf, DataType networkDataType) {
        return new MaskedBatchNormLayer(conf, networkDataType);
    }

    @Override
    String kind() {
        return "batch norm";
    }

    @Override
    String featureAxis() {
        return "channels*values";
    }

    @Override
    public ParamInitializer initializer() {
        return MaskedBatchNormParams.INSTANCE;
    }

    /** The running statistics are moved by the layer itself: no updater (and so no updater state). */
    @Override
    public IUpdater getUpdaterByParam(String paramName) {
        if (MaskedBatchNormParams.INSTANCE.stateKeys(this).contains(paramName)) {
            return new NoOp();
        }
        return super.getUpdaterByParam(paramName);
    }

    @Override
    public List<Regularization> getRegularizationByParam(String paramName) {
        if (MaskedBatchNormParams.INSTANCE.stateKeys(this).contains(paramName)) {
            return null;
        }
        return super.getRegularizationByParam(paramName);
    }

    @Override
    public InputType getOutputType(int layerIndex, InputType inputType) {
        InputType.InputTypeRecurrent in = requireRecurrent(inputType);
        return InputType.recurrent(in.getSize(), in.getTimeSeriesLength(), RNNFormat.NCW);
    }

    @Override
    void acceptInputSize(long features) {
        if (features % channels != 0) {
            throw new IllegalStateException(
                    "batch norm \""
                            + layerName
                            + "\": input has "
                            + features
                            + " features, which is not a whole"
                            + " number of its "
                            + channels
                            + " channels; check the previous layer's channels");
        }
        withNIn(features);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof MaskedBatchNorm other
                && super.equals(o)
                && channels == other.channels
                && activation == other.activation
                && momentum == other.momentum
                && epsilon == other.epsilon;
    }

    @Override
    public int hashCode() {
        return Objects.hash(super.hashCode(), channels, activation, momentum, epsilon);
    }
}
