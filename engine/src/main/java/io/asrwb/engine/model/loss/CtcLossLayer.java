package io.asrwb.engine.model.loss;

import java.util.Collection;
import org.deeplearning4j.nn.api.Layer;
import org.deeplearning4j.nn.conf.InputPreProcessor;
import org.deeplearning4j.nn.conf.NeuralNetConfiguration;
import org.deeplearning4j.nn.conf.RNNFormat;
import org.deeplearning4j.nn.conf.inputs.InputType;
import org.deeplearning4j.nn.conf.layers.LossLayer;
import org.deeplearning4j.optimize.api.TrainingListener;
import org.nd4j.linalg.activations.impl.ActivationIdentity;
import org.nd4j.linalg.api.buffer.DataType;
import org.nd4j.linalg.api.ndarray.INDArray;

/**
 * A DL4J {@code LossLayer} configured for {@link LossCtc}, the output of a speech graph.
 *
 * <p>Why not a plain {@code LossLayer}: in 1.0.0-M2.1 it rejects recurrent input types when a
 * graph is built with {@code setInputTypes} ("expected FeedForward input type"), and its runtime
 * layer crashes in {@code output(...)} with a time-series mask ("Mismatched shapes"). This layer
 * accepts {@code [B,K,T]} (NCW) input, passes it to the loss unflattened, and at inference returns
 * the raw class scores with padded frames zeroed. It has no parameters; K is its input size.
 *
 * <p>Training data for a graph ending here: labels {@code [B,S]} blank-padded label ids, and the
 * <em>label mask</em> {@code [B,T]} set to the output frame mask. DL4J computes the fit score with
 * the label mask only (it drops the propagated feature mask for the score), so without it the
 * reported loss would count padded frames while the gradient would not.
 */
public class CtcLossLayer extends LossLayer {

    private static final long serialVersionUID = 1L;

    /** The only constructor: the loss and identity activation are fixed. */
    public CtcLossLayer() {
        this.lossFn = new LossCtc();
        this.activationFn = new ActivationIdentity();
    }

    @Override
    public Layer instantiate(
            NeuralNetConfiguration conf,
            Collection<TrainingListener> listeners,
            int layerIndex,
            INDArray layerParamsView,
            boolean initializeParams,
            DataType networkDataType) {
        MaskedSequenceLossLayer layer = new MaskedSequenceLossLayer(conf, networkDataType);
        layer.setListeners(listeners);
        layer.setIndex(layerIndex);
        layer.setParamsViewArray(layerParamsView);
        layer.setParamTable(initializer().init(conf, layerParamsView, initializeParams));
        layer.setConf(conf);
        return layer;
    }

    @Override
    public InputType getOutputType(int layerIndex, InputType inputType) {
        return requireNcwSequence(inputType);
    }

    @Override
    public InputPreProcessor getPreProcessorForInputType(InputType inputType) {
        requireNcwSequence(inputType);
        return null;
    }

    @Override
    public void setNIn(InputType inputType, boolean override) {
        long classes = ((InputType.InputTypeRecurrent) requireNcwSequence(inputType)).getSize();
        if (nIn <= 0 || override) {
            nIn = classes;
            nOut = classes;
        }
    }

    private InputType requireNcwSequence(InputType inputType) {
        if (!(inputType instanceof InputType.InputTypeRecurrent recurrent)
                || recurrent.getFormat() != RNNFormat.NCW) {
            throw new IllegalStateException(
                    "CTC output layer \""
                            + getLayerName()
                            + "\" needs time-series input [batch, classes, frames] (recurrent NCW),"
                            + " got "
                            + inputType
                            + "; feed it from a layer with recurrent NCW output");
        }
        return inputType;
    }
}
