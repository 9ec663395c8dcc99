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
import org.nd4j.linalg.api.ops.impl.broadcast.BroadcastAddOp;
import org.nd4j.linalg.api.ops.impl.broadcast.BroadcastMulOp;
import org.nd4j.linalg.api.ops.impl.broadcast.BroadcastSubOp;
import org.nd4j.linalg.api.ops.impl.reduce3.Dot;
import org.nd4j.linalg.factory.Nd4j;
import org.nd4j.linalg.ops.transforms.Transforms;

/**
 * Runtime of {@link MaskedBatchNorm} on the input seen as {@code [B, C, K, T]}: masked batch
 * statistics in training, running statistics in inference; keeps the forward state of the latest
 * training pass for backpropagation, which also moves the running statistics.
 */
class MaskedBatchNormLayer extends MaskedLayerRuntime<MaskedBatchNorm> {

    private static final long serialVersionUID = 1L;

    private transient BatchNormForward lastForward;
    private transient INDArray lastForwardInput;
    private transient boolean lastOutputHandedOut;

    MaskedBatchNormLayer(NeuralNetConfiguration conf, DataType dataType) {
        super(conf, dataType);
    }

    @Override
    public INDArray activate(boolean training, LayerWorkspaceMgr workspaceMgr) {
        assertInputSet(false);
        if (lastForward != null) {
            // a training forward pass whose backward pass never came: its state is dead
            lastForward.release(!lastOutputHandedOut);
            lastForward = null;
            lastForwardInput = null;
        }
        INDArray activated;
        BatchNormForward fwd = null;
        if (training) {
            fwd = runTraining();
            activated = fwd.activated();
        } else {
            activated = runInference();
        }
        INDArray out =
                activated.reshape(
                        'c',
                        activated.size(0),
                        activated.size(1) * activated.size(2),
                        activated.size(3));
        INDArray handed = NativeMemory.copyToWorkspace(workspaceMgr, ArrayType.ACTIVATIONS, out);
        boolean handedOut = handed == out;
        if (training) {
            lastForward = fwd;
            lastForwardInput = input;
            lastOutputHandedOut = handedOut;
        } else if (!handedOut) {
            NativeMemory.release(activated);
        }
        return handed;
    }

    private void checkInput() {
        MaskedBatchNorm conf = layerConf();
        if (input.rank() != 3 || input.size(1) != conf.getNIn()) {
            throw new IllegalStateException(
                    "batch norm \""
                            + conf.getLayerName()
                            + "\": expected input [batch, "
                            + conf.getNIn()
                            + ", frames], got "
                            + java.util.Arrays.toString(input.shape()));
        }
    }

    /** The input as an owned {@code [B, C, K, T]} array with padded frames zeroed, and its mask. */
    private INDArray[] maskedInput() {
        MaskedBatchNorm conf = layerConf();
        checkInput();
        INDArray x =
                NativeMemory.ownedCopy(input, dataType)
                        .reshape(
                                'c',
                                input.size(0),
                                conf.getChannels(),
                                conf.valuesPerChannel(),
                                input.size(2));
        INDArray mask = maskArray == null ? null : NativeMemory.ownedCopy(maskArray, dataType);
        if (mask != null) {
            Nd4j.exec(new BroadcastMulOp(x, mask, x, 0, 3));
        }
        return new INDArray[] {x, mask};
    }

    private BatchNormForward runTraining() {
        MaskedBatchNorm conf = layerConf();
        try (MemoryWorkspace ignored = Nd4j.getWorkspaceManager().scopeOutOfWorkspaces()) {
            if (BatchNormLoops.applies(input) && dataType == DataType.FLOAT) {
                checkInput();
                return BatchNormLoops.train(
                        input,
                        maskArray,
                        conf,
                        getParam(MaskedBatchNormParams.GAMMA),
                        getParam(MaskedBatchNormParams.BETA));
            }
            INDArray[] xm = maskedInput();
            INDArray x = xm[0];
            INDArray mask = xm[1];
            int batch = (int) x.size(0);
            int frames = (int) x.size(3);
            long validFrames = 0;
            for (int length : FrameMasks.lengths(mask, batch, frames)) {
                validFrames += length;
            }
            long count = Math.max(1, validFrames * conf.valuesPerChannel());
            INDArray mean = x.sum(0, 2, 3).divi(count);
            // x becomes the centred input, zero again at padded frames
            Nd4j.exec(new BroadcastSubOp(x, mean, x, 1));
            if (mask != null) {
                Nd4j.exec(new BroadcastMulOp(x, mask, x, 0, 3));
            }
            INDArray norm = x.norm2(0, 2, 3);
            INDArray variance = norm.muli(norm).divi(count);
            INDArray inverseStd = Transforms.pow(variance.add(conf.getEpsilon()), -0.5, false);
            Nd4j.exec(new BroadcastMulOp(x, inverseStd, x, 1));
            INDArray y =
                    scaleAndShift(
                            x,
                            getParam(MaskedBatchNormParams.GAMMA),
                            getParam(MaskedBatchNormParams.BETA));
            activateAndMask(y, mask);
            return new BatchNormForward(x, y, mask, mean, variance, inverseStd, count, null);
        }
    }

    private INDArray runInference() {
        MaskedBatchNorm conf = layerConf();
        try (MemoryWorkspace ignored = Nd4j.getWorkspaceManager().scopeOutOfWorkspaces()) {
            INDArray[] xm = maskedInput();
            INDArray x = xm[0];
            INDArray mask = xm[1];
            // one multiply-add per value: scale = γ/√(running var + ε), shift = β − running
            // mean·scale
            INDArray scale =
                    Transforms.pow(
                                    getParam(MaskedBatchNormParams.RUNNING_VAR)
                                            .add(conf.getEpsilon()),
                                    -0.5,
                                    false)
                            .muli(getParam(MaskedBatchNormParams.GAMMA));
            INDArray shift =
                    getParam(MaskedBatchNormParams.RUNNING_MEAN)
                            .mul(scale)
                            .rsubi(getParam(MaskedBatchNormParams.BETA));
            Nd4j.exec(new BroadcastMulOp(x, scale, x, 1));
            Nd4j.exec(new BroadcastAddOp(x, shift, x, 1));
            activateAndMask(x, mask);
            NativeMemory.release(scale, shift, mask);
            return x;
        }
    }

    /** {@code γ·x + β} per channel, in a new array. */
    private static INDArray scaleAndShift(INDArray x, INDArray gamma, INDArray beta) {
        INDArray y = BufferPool.shared().create(x.dataType(), x.shape());
        Nd4j.exec(new BroadcastMulOp(x, gamma, y, 1));
        Nd4j.exec(new BroadcastAddOp(y, beta, y, 1));
        return y;
    }

    private void activateAndMask(INDArray y, INDArray mask) {
        layerConf().getActivation().applyInPlace(y);
        if (mask != null) {
            Nd4j.exec(new BroadcastMulOp(y, mask, y, 0, 3));
        }
    }

    @Override
    public Pair<Gradient, INDArray> backpropGradient(
            INDArray epsilon, LayerWorkspaceMgr workspaceMgr) {
        assertInputSet(true);
        boolean cached = lastForward != null && lastForwardInput == input;
        BatchNormForward fwd;
        if (cached) {
            fwd = lastForward;
        } else {
            fwd = runTraining();
        }
        boolean outputHandedOut = cached && lastOutputHandedOut;
        INDArray inputGrad;
        try (MemoryWorkspace ignored = Nd4j.getWorkspaceManager().scopeOutOfWorkspaces()) {
            // the running statistics move by their own rule, not by a gradient
            gradientViews.get(MaskedBatchNormParams.RUNNING_MEAN).assign(0);
            gradientViews.get(MaskedBatchNormParams.RUNNING_VAR).assign(0);
            if (fwd.loops() == null) {
                inputGrad = backwardOps(fwd, epsilon);
            } else {
                inputGrad =
                        fwd.loops()
                                .backpropagate(
                                        fwd,
                                        epsilon,
                                        layerConf().getActivation(),
                                        getParam(MaskedBatchNormParams.GAMMA),
                                        gradientViews.get(MaskedBatchNormParams.BETA),
                                        gradientViews.get(MaskedBatchNormParams.GAMMA));
            }
            moveRunningStatistics(fwd);
            fwd.release(!outputHandedOut);
        }
        lastForward = null;
        lastForwardInput = null;
        Gradient gradient = new DefaultGradient(gradientsFlattened);
        for (String key : MaskedBatchNormParams.INSTANCE.paramKeys(layerConf())) {
            gradient.setGradientFor(key, gradientViews.get(key));
        }
        return new Pair<>(
                gradient,
                NativeMemory.handOver(workspaceMgr, ArrayType.ACTIVATION_GRAD, inputGrad));
    }

    private INDArray backwardOps(BatchNormForward fwd, INDArray epsilon) {
        INDArray xhat = fwd.normalised();
        INDArray dy = NativeMemory.ownedCopy(epsilon, dataType).reshape('c', xhat.shape());
        layerConf().getActivation().backpropInPlace(fwd.activated(), dy);
        if (fwd.mask() != null) {
            Nd4j.exec(new BroadcastMulOp(dy, fwd.mask(), dy, 0, 3));
        }
        // dβ = Σ dy, dγ = Σ dy·x̂ over valid values; dx = γ/σ · (dy − dβ/N − x̂·dγ/N), zero at
        // padding
        INDArray betaGrad = dy.sum(0, 2, 3);
        // Σ dy·x̂ per channel in one pass, no product array
        INDArray gammaGrad = Nd4j.getExecutioner().exec(new Dot(dy, xhat, 0, 2, 3));
        gradientViews.get(MaskedBatchNormParams.BETA).assign(betaGrad);
        gradientViews.get(MaskedBatchNormParams.GAMMA).assign(gammaGrad);
        Nd4j.exec(new BroadcastSubOp(dy, betaGrad.divi(fwd.count()), dy, 1));
        // x̂ is dead after this: scale it in place by dγ/N and subtract
        Nd4j.exec(new BroadcastMulOp(xhat, gammaGrad.divi(fwd.count()), xhat, 1));
        dy.subi(xhat);
        INDArray inputScale = fwd.inverseStd().mul(getParam(MaskedBatchNormParams.GAMMA));
        Nd4j.exec(new BroadcastMulOp(dy, inputScale, dy, 1));
        if (fwd.mask() != null) {
            Nd4j.exec(new BroadcastMulOp(dy, fwd.mask(), dy, 0, 3));
        }
        NativeMemory.release(betaGrad, gammaGrad, inputScale);
        return dy.reshape('c', dy.size(0), dy.size(1) * dy.size(2), dy.size(3));
    }

    /**
     * {@code running = (1 − m)·running + m·batch} with the unbiased batch variance (PyTorch's rule),
     * once per backward pass. Non-finite batch statistics (a broken batch the step will skip) are
     * not taken in: they would poison the running statistics for good.
     */
    private void moveRunningStatistics(BatchNormForward fwd) {
        double m = layerConf().getMomentum();
        long n = fwd.count();
        INDArray unbiased = fwd.variance().mul(n > 1 ? (double) n / (n - 1) : 1.0);
        double check = fwd.mean().sumNumber().doubleValue() + unbiased.sumNumber().doubleValue();
        if (Double.isFinite(check)) {
            INDArray meanStep = fwd.mean().mul(m);
            getParam(MaskedBatchNormParams.RUNNING_MEAN).muli(1 - m).addi(meanStep);
            getParam(MaskedBatchNormParams.RUNNING_VAR).muli(1 - m).addi(unbiased.muli(m));
            NativeMemory.release(meanStep);
        }
        NativeMemory.release(unbiased);
    }

    @Override
    public Type type() {
        return Type.NORMALIZATION;
    }
}
