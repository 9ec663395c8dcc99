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

    private transient BiLstmKernel.Forward lastForward;
    private transient ChunkedBiLstm.Forward lastChunked;
    private transient INDArray lastForwardInput;

    MaskedBiLstmLayer(NeuralNetConfiguration conf, DataType dataType) {
        super(conf, dataType);
    }

    @Override
    public INDArray activate(boolean training, LayerWorkspaceMgr workspaceMgr) {
        assertInputSet(false);
        if (layerConf().isLatencyControlled()) {
            return activateChunked(training, workspaceMgr);
        }
        if (lastForward != null) {
            // a training forward pass whose backward pass never came: its state is dead
            lastForward.release();
        }
        BiLstmKernel.Forward fwd = runForward(training);
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

    private INDArray activateChunked(boolean training, LayerWorkspaceMgr workspaceMgr) {
        if (lastChunked != null) {
            lastChunked.release();
        }
        ChunkedBiLstm.Forward fwd = runChunked(training);
        if (training) {
            lastChunked = fwd;
            lastForwardInput = input;
        } else {
            fwd.release();
            lastChunked = null;
            lastForwardInput = null;
        }
        return NativeMemory.handOver(workspaceMgr, ArrayType.ACTIVATIONS, fwd.output());
    }

    private ChunkedBiLstm.Forward runChunked(boolean forBackward) {
        try (MemoryWorkspace ignored = Nd4j.getWorkspaceManager().scopeOutOfWorkspaces()) {
            INDArray x = checkedInput();
            int batch = (int) x.size(0);
            int frames = (int) x.size(2);
            INDArray mask = maskArray == null ? null : NativeMemory.ownedCopy(maskArray, dataType);
            return ChunkedBiLstm.forward(
                    x,
                    mask,
                    FrameMasks.lengths(mask, batch, frames),
                    getParam(MaskedBiLstmParams.INPUT_WEIGHTS),
                    getParam(MaskedBiLstmParams.RECURRENT_WEIGHTS),
                    getParam(MaskedBiLstmParams.BIAS),
                    layerConf().getMerge(),
                    layerConf().getChunkFrames(),
                    layerConf().getChunkLookaheadFrames(),
                    forBackward);
        }
    }

    private INDArray checkedInput() {
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
        return x;
    }

    private BiLstmKernel.Forward runForward(boolean forBackward) {
        try (MemoryWorkspace ignored = Nd4j.getWorkspaceManager().scopeOutOfWorkspaces()) {
            INDArray x = checkedInput();
            int batch = (int) x.size(0);
            int frames = (int) x.size(2);
            INDArray mask = maskArray == null ? null : NativeMemory.ownedCopy(maskArray, dataType);
            int[] lengths = FrameMasks.lengths(mask, batch, frames);
            return BiLstmKernel.forward(
                    x,
                    mask,
                    lengths,
                    getParam(MaskedBiLstmParams.INPUT_WEIGHTS),
                    getParam(MaskedBiLstmParams.RECURRENT_WEIGHTS),
                    getParam(MaskedBiLstmParams.BIAS),
                    layerConf().getMerge(),
                    forBackward);
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
        lastChunked = null;
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
        if (layerConf().isLatencyControlled()) {
            ChunkedBiLstm.Forward fwd =
                    lastChunked != null && lastForwardInput == input
                            ? lastChunked
                            : runChunked(true);
            try {
                return ChunkedBiLstm.backward(fwd, epsilon, layerConf().getMerge());
            } finally {
                fwd.release();
            }
        }
        BiLstmKernel.Forward fwd =
                lastForward != null && lastForwardInput == input ? lastForward : runForward(true);
        try {
            return BiLstmBackward.backward(
                    fwd,
                    epsilon,
                    getParam(MaskedBiLstmParams.INPUT_WEIGHTS),
                    getParam(MaskedBiLstmParams.RECURRENT_WEIGHTS),
                    layerConf().getMerge());
        } finally {
            fwd.release();
        }
    }

    @Override
    public Type type() {
        return Type.RECURRENT;
    }
}
