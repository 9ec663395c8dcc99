package io.asrwb.engine.model.layers;

import java.util.Objects;
import org.deeplearning4j.nn.api.ParamInitializer;
import org.deeplearning4j.nn.conf.NeuralNetConfiguration;
import org.deeplearning4j.nn.conf.RNNFormat;
import org.deeplearning4j.nn.conf.inputs.InputType;
import org.deeplearning4j.nn.layers.BaseLayer;
import org.nd4j.linalg.api.buffer.DataType;

/**
 * Configuration of a bidirectional LSTM layer that honours per-utterance frame masks: the backward
 * direction starts at each utterance's own last valid frame, outputs at padded frames are zero,
 * and gradients are exact under masking. {@link #forwardOnly()} makes it a unidirectional layer
 * (the streaming preset's), the same kernel with one direction. Input and output are DL4J time series {@code [B, F, T]}
 * (NCW); the mask passes through unchanged. {@link #latencyControlled} bounds what the backward
 * direction hears ahead.
 *
 * <p>Registered for DL4J's JSON configuration by its class name (public no-argument constructor,
 * fields serialised directly).
 */
public class MaskedBiLstm extends MaskedLayerConfig {

    private static final long serialVersionUID = 1L;

    private long hiddenSize;
    private DirectionMerge merge = DirectionMerge.SUM;
    private double forgetGateBias = 1.0;

    /** False for a forward-only (causal) layer; configurations saved before it existed are bidirectional. */
    private boolean bidirectional = true;

    /**
     * Frames of each chunk the backward direction runs over (0: the whole utterance); configurations
     * saved before it existed run it over the whole utterance.
     */
    private int chunkFrames;

    /** Frames after each chunk its backward pass also hears (with {@link #chunkFrames} only). */
    private int chunkLookaheadFrames;

    /** For JSON deserialisation only. */
    public MaskedBiLstm() {}

    /**
     * A layer of {@code hiddenSize} units per direction; {@code nIn} is inferred from the input
     * type when the graph sets input types.
     */
    public MaskedBiLstm(String name, long hiddenSize, DirectionMerge merge) {
        if (hiddenSize < 1) {
            throw new IllegalArgumentException(
                    "LSTM layer " + name + ": hidden size must be >= 1, got " + hiddenSize);
        }
        this.layerName = name;
        this.hiddenSize = hiddenSize;
        this.merge = Objects.requireNonNull(merge, "merge");
        this.nOut = merge.outputSize(hiddenSize);
    }

    /**
     * This layer with the forward direction only: each output frame depends on no later frame, so
     * the layer can run as audio arrives. Output size = hidden size; the merge does not apply.
     */
    public MaskedBiLstm forwardOnly() {
        this.bidirectional = false;
        this.nOut = hiddenSize;
        return this;
    }

    /**
     * This layer latency-controlled (LC-BLSTM): the backward direction runs over chunks of {@code
     * chunkFrames} frames, each from a zero state and hearing {@code lookaheadFrames} more, so each
     * output frame depends on at most {@code chunkFrames + lookaheadFrames - 1} later frames and
     * the layer can run while audio arrives.
     */
    public MaskedBiLstm latencyControlled(int chunkFrames, int lookaheadFrames) {
        if (!bidirectional || chunkFrames < 1 || lookaheadFrames < 0) {
            throw new IllegalArgumentException(
                    "LSTM layer "
                            + layerName
                            + ": a latency-controlled layer is bidirectional with chunks of >= 1"
                            + " frame and a lookahead >= 0, got chunks of "
                            + chunkFrames
                            + " and lookahead "
                            + lookaheadFrames);
        }
        this.chunkFrames = chunkFrames;
        this.chunkLookaheadFrames = lookaheadFrames;
        return this;
    }

    /** True when the backward direction runs over bounded chunks ({@link #latencyControlled}). */
    public boolean isLatencyControlled() {
        return bidirectional && chunkFrames > 0;
    }

    /** Directions run: 2, or 1 for a forward-only layer. */
    public int directions() {
        return bidirectional ? 2 : 1;
    }

    /** Output features per frame. */
    public long outputSize() {
        return bidirectional ? merge.outputSize(hiddenSize) : hiddenSize;
    }

    /** Sets the input features explicitly (when the graph does not infer them). */
    public MaskedBiLstm withNIn(long nIn) {
        this.nIn = nIn;
        return this;
    }

    // Bean accessors: DL4J's JSON mapper reads and writes layer configurations through them.

    public long getHiddenSize() {
        return hiddenSize;
    }

    public void setHiddenSize(long hiddenSize) {
        this.hiddenSize = hiddenSize;
    }

    public DirectionMerge getMerge() {
        return merge;
    }

    public void setMerge(DirectionMerge merge) {
        this.merge = merge;
    }

    public boolean isBidirectional() {
        return bidirectional;
    }

    public void setBidirectional(boolean bidirectional) {
        this.bidirectional = bidirectional;
    }

    public int getChunkFrames() {
        return chunkFrames;
    }

    public void setChunkFrames(int chunkFrames) {
        this.chunkFrames = chunkFrames;
    }

    public int getChunkLookaheadFrames() {
        return chunkLookaheadFrames;
    }

    public void setChunkLookaheadFrames(int chunkLookaheadFrames) {
        this.chunkLookaheadFrames = chunkLookaheadFrames;
    }

    public double getForgetGateBias() {
        return forgetGateBias;
    }

    public void setForgetGateBias(double forgetGateBias) {
        this.forgetGateBias = forgetGateBias;
    }

    @Override
    BaseLayer<?> runtime(NeuralNetConfiguration conf, DataType networkDataType) {
        return new MaskedBiLstmLayer(conf, networkDataType);
    }

    @Override
    String kind() {
        return "LSTM layer";
    }

    @Override
    String featureAxis() {
        return "features";
    }

    @Override
    String inputAdvice() {
        return "; put it after a recurrent or front-end layer";
    }

    @Override
    void acceptInputSize(long features) {
        nIn = features;
    }

    @Override
    public ParamInitializer initializer() {
        return MaskedBiLstmParams.INSTANCE;
    }

    @Override
    public InputType getOutputType(int layerIndex, InputType inputType) {
        InputType.InputTypeRecurrent in = requireRecurrent(inputType);
        return InputType.recurrent(outputSize(), in.getTimeSeriesLength(), RNNFormat.NCW);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof MaskedBiLstm other
                && super.equals(o)
                && hiddenSize == other.hiddenSize
                && merge == other.merge
                && forgetGateBias == other.forgetGateBias
                && bidirectional == other.bidirectional
                && chunkFrames == other.chunkFrames
                && chunkLookaheadFrames == other.chunkLookaheadFrames;
    }

    @Override
    public int hashCode() {
        return Objects.hash(
                super.hashCode(),
                hiddenSize,
                merge,
                forgetGateBias,
                bidirectional,
                chunkFrames,
                chunkLookaheadFrames);
    }
}
