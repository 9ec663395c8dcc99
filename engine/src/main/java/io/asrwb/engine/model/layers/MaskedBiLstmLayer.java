package io.asrwb.engine.model.layers;

import org.deeplearning4j.nn.conf.NeuralNetConfiguration;
import org.deeplearning4j.nn.gradient.DefaultGradient;
import org.deeplearning4j.nn.gradient.Gradient;
import org.deeplearning4j.nn.workspace.ArrayType;
import org.deeplearning4j.nn.workspace.LayerWorkspaceMgr;
import org.nd4j.common.primitives.Pair;
import org.nd4j.linalg.api.buffer.DataType;
import org.nd4j.linalg.api.memory.MemoryWorkspace;
import org.nd4j.linalg.api.ndarray.INDArray;
import org.nd4j.linalg.factory.Nd4j;

/**
 * Runtime of {@link MaskedBiLstm}: runs {@link BiLstmKernel} outside DL4J's workspaces and keeps
 * the forward state of the latest training pass for backpropagation.
 */
class MaskedBiLstmLayer extends MaskedLayerRuntime<MaskedBiLstm> {

    private static final long serialVersionUID = 1L;

    private transient LstmForwardState lastForward;
    private transient INDArray lastForwardInput;

    MaskedBiLstmLayer(NeuralNetConfiguration conf, DataType dataType) {
        super(conf, dataType);
    }

    @Override
    public INDArray activate(boolean training, LayerWorkspaceMgr workspaceMgr) {
        assertInputSet(false);
        if (lastForward != null) {
            // a training forward pass whose backward pass never came: its state is dead
            lastForward.release();
        }
        LstmForwardState fwd = runForward(training);
        if (training) {
            lastForward = fwd;
            lastForwardInput = input;
        } else {
            fwd.release();
            lastForward = null;
            lastForwardInput = null;
        }
        return NativeMemory.handOver(workspaceMgr, ArrayType.ACTIVATIONS, fwd.output());
    }

    /** The forward pass over the whole utterance, or over chunks for a latency-controlled layer. */
    private LstmForwardState runForward(boolean forBackward) {
        try (MemoryWorkspace ignored = Nd4j.getWorkspaceManager().scopeOutOfWorkspaces()) {
            INDArray x = input.castTo(dataType);
            if (x.rank() != 3 || x.size(1) != layerConf().getNIn()) {
                throw new IllegalStateException(
                        "LSTM layer \""
                                + layerConf().getLayerName()
                                + "\": expected input [batch, "
                                + layerConf().getNIn()
                                + ", frames], got "
                                + java.util.Arrays.toString(x.shape()));
            }
            int batch = (int) x.size(0);
            int frames = (int) x.size(2);
            INDArray mask = maskArray == null ? null : NativeMemory.ownedCopy(maskArray, dataType);
            int[] lengths = FrameMasks.lengths(mask, batch, frames);
            INDArray w = getParam(MaskedBiLstmParams.INPUT_WEIGHTS);
            INDArray rw = getParam(MaskedBiLstmParams.RECURRENT_WEIGHTS);
            INDArray b = getParam(MaskedBiLstmParams.BIAS);
            MaskedBiLstm conf = layerConf();
            if (conf.isLatencyControlled()) {
                return ChunkedBiLstm.forward(
                        x,
                        mask,
                        lengths,
                        w,
                        rw,
                        b,
                        conf.getMerge(),
                        conf.getChunkFrames(),
                        conf.getChunkLookaheadFrames(),
                        forBackward);
            }
            return BiLstmKernel.forward(x, mask, lengths, w, rw, b, conf.getMerge(), forBackward);
        }
    }

    @Override
    public Pair<Gradient, INDArray> backpropGradient(
            INDArray epsilon, LayerWorkspaceMgr workspaceMgr) {
        assertInputSet(true);
        INDArray inputGrad;
        try (MemoryWorkspace ignored = Nd4j.getWorkspaceManager().scopeOutOfWorkspaces()) {
            BiLstmBackward.Gradients grads = gradients(epsilon.castTo(dataType));
            gradientViews.get(MaskedBiLstmParams.INPUT_WEIGHTS).assign(grads.w());
            gradientViews.get(MaskedBiLstmParams.RECURRENT_WEIGHTS).assign(grads.rw());
            gradientViews.get(MaskedBiLstmParams.BIAS).assign(grads.bias());
            inputGrad = grads.input();
            NativeMemory.release(grads.w(), grads.rw(), grads.bias());
        }
        lastForward = null;
        lastForwardInput = null;
        Gradient gradient = new DefaultGradient(gradientsFlattened);
        gradient.setGradientFor(
                MaskedBiLstmParams.INPUT_WEIGHTS,
                gradientViews.get(MaskedBiLstmParams.INPUT_WEIGHTS));
        gradient.setGradientFor(
                MaskedBiLstmParams.RECURRENT_WEIGHTS,
                gradientViews.get(MaskedBiLstmParams.RECURRENT_WEIGHTS));
        gradient.setGradientFor(
                MaskedBiLstmParams.BIAS, gradientViews.get(MaskedBiLstmParams.BIAS));
        return new Pair<>(
                gradient,
                NativeMemory.handOver(workspaceMgr, ArrayType.ACTIVATION_GRAD, inputGrad));
    }

    /** This pass's gradients, from the training forward pass's state (or a fresh one), then freed. */
    private BiLstmBackward.Gradients gradients(INDArray epsilon) {
        LstmForwardState state =
                lastForward != null && lastForwardInput == input ? lastForward : runForward(true);
        try {
            if (state instanceof ChunkedBiLstm.Forward chunked) {
                return ChunkedBiLstm.backward(chunked, epsilon, layerConf().getMerge());
            }
            return BiLstmBackward.backward(
                    (BiLstmKernel.Forward) state,
                    epsilon,
                    getParam(MaskedBiLstmParams.INPUT_WEIGHTS),
                    getParam(MaskedBiLstmParams.RECURRENT_WEIGHTS),
                    layerConf().getMerge());
        } finally {
            state.release();
        }
    }

    @Override
    public Type type() {
        return Type.RECURRENT;
    }
}
