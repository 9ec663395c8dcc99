package io.asrwb.engine.model.loss;

import org.deeplearning4j.nn.conf.NeuralNetConfiguration;
import org.deeplearning4j.nn.layers.LossLayer;
import org.deeplearning4j.nn.workspace.ArrayType;
import org.deeplearning4j.nn.workspace.LayerWorkspaceMgr;
import org.nd4j.linalg.api.buffer.DataType;
import org.nd4j.linalg.api.ndarray.INDArray;

/**
 * DL4J's runtime {@code LossLayer} with inference fixed for {@code [B,K,T]} input and a {@code
 * [B,T]} frame mask, which the stock layer multiplies as a column vector and fails on.
 */
class MaskedSequenceLossLayer extends LossLayer {

    private static final long serialVersionUID = 1L;

    MaskedSequenceLossLayer(NeuralNetConfiguration conf, DataType dataType) {
        super(conf, dataType);
    }

    @Override
    public INDArray activate(boolean training, LayerWorkspaceMgr workspaceMgr) {
        if (maskArray == null || input.rank() != 3) {
            return super.activate(training, workspaceMgr);
        }
        INDArray scores = layerConf().getActivationFn().getActivation(input.dup(), training);
        INDArray frameMask = maskArray.reshape(maskArray.size(0), 1, maskArray.size(1));
        scores.muli(frameMask.castTo(scores.dataType()).broadcast(scores.shape()));
        return workspaceMgr.leverageTo(ArrayType.ACTIVATIONS, scores);
    }
}
