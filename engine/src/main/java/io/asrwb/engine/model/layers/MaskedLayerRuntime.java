package io.asrwb.engine.model.layers;

import org.deeplearning4j.nn.api.MaskState;
import org.deeplearning4j.nn.conf.NeuralNetConfiguration;
import org.deeplearning4j.nn.layers.BaseLayer;
import org.nd4j.common.primitives.Pair;
import org.nd4j.linalg.api.buffer.DataType;
import org.nd4j.linalg.api.ndarray.INDArray;

/**
 * What the runtimes of our mask-aware layers share: they keep the frame mask DL4J hands them
 * (passing it on unchanged unless a layer changes the frame count: {@link #outputMask}), have no pretraining and no
 * weight noise. Runtime layers are built from their configs and never serialised, so this base
 * changes nothing in a checkpoint.
 */
abstract class MaskedLayerRuntime<C extends org.deeplearning4j.nn.conf.layers.BaseLayer>
        extends BaseLayer<C> {

    private static final long serialVersionUID = 1L;

    MaskedLayerRuntime(NeuralNetConfiguration conf, DataType dataType) {
        super(conf, dataType);
    }

    @Override
    public Pair<INDArray, MaskState> feedForwardMaskArray(
            INDArray maskArray, MaskState currentMaskState, int minibatchSize) {
        this.maskArray = maskArray;
        if (maskArray == null) {
            return new Pair<>(null, currentMaskState);
        }
        return new Pair<>(
                outputMask(maskArray, (int) maskArray.size(0), (int) maskArray.size(1)),
                currentMaskState);
    }

    /**
     * The frame mask {@code [batch, frames]} of this layer's output for its input's {@code
     * inputMask}: the same, unless the layer changes the frame count (a strided convolution).
     */
    INDArray outputMask(INDArray inputMask, int batch, int frames) {
        return inputMask;
    }

    @Override
    public boolean isPretrainLayer() {
        return false;
    }

    @Override
    public void clearNoiseWeightParams() {
        // no weight noise
    }
}
