package io.asrwb.engine.model.layers;

import java.util.Collection;
import org.deeplearning4j.nn.api.Layer;
import org.deeplearning4j.nn.conf.InputPreProcessor;
import org.deeplearning4j.nn.conf.NeuralNetConfiguration;
import org.deeplearning4j.nn.conf.RNNFormat;
import org.deeplearning4j.nn.conf.inputs.InputType;
import org.deeplearning4j.nn.conf.layers.FeedForwardLayer;
import org.deeplearning4j.nn.conf.memory.LayerMemoryReport;
import org.deeplearning4j.nn.layers.BaseLayer;
import org.deeplearning4j.optimize.api.TrainingListener;
import org.nd4j.linalg.api.buffer.DataType;
import org.nd4j.linalg.api.ndarray.INDArray;

/**
 * What the configurations of our mask-aware layers share: they take and give DL4J time series
 * {@code [B, features, T]} (NCW) with no preprocessor, wire their runtime into a graph the same
 * way and report parameters as their only memory. The base holds no fields, so a layer's JSON
 * configuration (what a checkpoint stores) is exactly what it was before the base existed.
 */
public abstract class MaskedLayerConfig extends FeedForwardLayer {

    private static final long serialVersionUID = 1L;

    /** For JSON deserialisation of the subclasses. */
    protected MaskedLayerConfig() {}

    /** The runtime object of this layer, not yet wired. */
    abstract BaseLayer<?> runtime(NeuralNetConfiguration conf, DataType networkDataType);

    /** What the layer calls itself in errors ("convolution"). */
    abstract String kind();

    /** What the input's feature axis holds, for errors ("channels*bins"). */
    abstract String featureAxis();

    /** Advice appended to a wrong-input error; none by default. */
    String inputAdvice() {
        return "";
    }

    /** Takes the input's feature count as {@code nIn} (and whatever follows from it). */
    abstract void acceptInputSize(long features);

    @Override
    public Layer instantiate(
            NeuralNetConfiguration conf,
            Collection<TrainingListener> listeners,
            int layerIndex,
            INDArray layerParamsView,
            boolean initializeParams,
            DataType networkDataType) {
        BaseLayer<?> layer = runtime(conf, networkDataType);
        layer.setListeners(listeners);
        layer.setIndex(layerIndex);
        layer.setParamsViewArray(layerParamsView);
        layer.setParamTable(initializer().init(conf, layerParamsView, initializeParams));
        layer.setConf(conf);
        return layer;
    }

    @Override
    public void setNIn(InputType inputType, boolean override) {
        if (nIn <= 0 || override) {
            acceptInputSize(requireRecurrent(inputType).getSize());
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
                        layerName, getClass(), inputType, getOutputType(-1, inputType))
                .standardMemory(params, params)
                .workingMemory(0, 0, 0, 0)
                .cacheMemory(0, 0)
                .build();
    }

    /** {@code inputType} as a time series in NCW, or a clear error naming this layer. */
    InputType.InputTypeRecurrent requireRecurrent(InputType inputType) {
        if (!(inputType instanceof InputType.InputTypeRecurrent recurrent)
                || recurrent.getFormat() != RNNFormat.NCW) {
            throw new IllegalStateException(
                    kind()
                            + " \""
                            + layerName
                            + "\" needs time-series input [batch, "
                            + featureAxis()
                            + ", frames] (recurrent NCW), got "
                            + inputType
                            + inputAdvice());
        }
        return recurrent;
    }
}
