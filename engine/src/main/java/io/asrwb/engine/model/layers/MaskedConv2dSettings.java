package io.asrwb.engine.model.layers;

import java.util.Objects;

/**
 * The persisted settings of a {@link MaskedConv2d}: its fields with the bean accessors that DL4J's
 * JSON mapper reads and writes them through, and equality over them. What the layer does with them
 * (shapes, wiring into a graph) is {@link MaskedConv2d}'s.
 */
public abstract class MaskedConv2dSettings extends MaskedLayerConfig {

    private static final long serialVersionUID = 1L;

    private long inChannels;
    private long outChannels;
    private int kernelBins;
    private int kernelFrames;
    private int strideBins;
    private int strideFrames;
    private int padBins;
    private int padFrames;
    // Configs written before dilation existed lack the field: undilated.
    private int dilationFrames = 1;
    private FrontEndActivation activation = FrontEndActivation.HARDTANH_0_20;
    private int maxBatchChunk;
    private boolean inputGradient = true;
    private boolean hasBias = true;

    /** For JSON deserialisation only. */
    protected MaskedConv2dSettings() {}

    protected MaskedConv2dSettings(
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
        this.dilationFrames = geometry.dilationFrames();
        this.activation = Objects.requireNonNull(activation, "activation");
    }

    /** Whether the layer has a bias parameter (true unless {@link MaskedConv2d#withoutBias()}; old configs lack the field). */
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
                kernelBins,
                kernelFrames,
                strideBins,
                strideFrames,
                padBins,
                padFrames,
                dilationFrames);
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

    public int getDilationFrames() {
        return dilationFrames;
    }

    public void setDilationFrames(int dilationFrames) {
        this.dilationFrames = dilationFrames;
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

    @Override
    public boolean equals(Object o) {
        return o instanceof MaskedConv2dSettings other
                && super.equals(o)
                && inChannels == other.inChannels
                && outChannels == other.outChannels
                && kernelBins == other.kernelBins
                && kernelFrames == other.kernelFrames
                && strideBins == other.strideBins
                && strideFrames == other.strideFrames
                && padBins == other.padBins
                && padFrames == other.padFrames
                && dilationFrames == other.dilationFrames
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
                dilationFrames,
                activation,
                maxBatchChunk,
                inputGradient,
                hasBias);
    }
}
