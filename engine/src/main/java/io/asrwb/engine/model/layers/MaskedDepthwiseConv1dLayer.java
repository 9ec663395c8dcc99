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
import org.nd4j.linalg.api.ops.impl.broadcast.BroadcastMulOp;
import org.nd4j.linalg.factory.Nd4j;

/**
 * Runtime of {@link MaskedDepthwiseConv1d}: convolves each channel of the masked input and masks
 * the output with the exact output lengths; keeps the input of the latest training pass for
 * backpropagation (the output is linear in the weights, so nothing else is needed). In single
 * precision {@link DepthwiseLoops} read the input where it lies and apply the lengths themselves;
 * in double (the gradient checks) the layer masks a copy for libnd4j's op ({@link
 * DepthwiseNative}).
 */
class MaskedDepthwiseConv1dLayer extends MaskedLayerRuntime<MaskedDepthwiseConv1d> {

    private static final long serialVersionUID = 1L;

    /**
     * Forward state: what the kernels read (the layer's own masked 4-D copy, or the input itself
     * when {@code owned} is false), and the input and output masks or lengths.
     */
    private record Forward(
            INDArray x,
            boolean owned,
            INDArray inputMask,
            INDArray outputMask,
            int[] inLengths,
            int[] outLengths) {
        void release() {
            if (owned) {
                NativeMemory.release(x);
            }
            NativeMemory.release(inputMask, outputMask);
        }
    }

    /** A forward pass: its state and its output {@code [B, C, 1, T']}. */
    private record Pass(Forward state, INDArray z) {}

    private transient Forward lastForward;
    private transient INDArray lastForwardInput;

    MaskedDepthwiseConv1dLayer(NeuralNetConfiguration conf, DataType dataType) {
        super(conf, dataType);
    }

    @Override
    public INDArray activate(boolean training, LayerWorkspaceMgr workspaceMgr) {
        assertInputSet(false);
        applyDropOutIfNecessary(training, workspaceMgr);
        if (lastForward != null) {
            // a training forward pass whose backward pass never came: its state is dead
            lastForward.release();
            lastForward = null;
            lastForwardInput = null;
        }
        Pass pass = runForward();
        Forward fwd = pass.state();
        INDArray z = pass.z();
        INDArray out = z.reshape('c', z.size(0), z.size(1), z.size(3));
        INDArray handed = NativeMemory.handOver(workspaceMgr, ArrayType.ACTIVATIONS, out);
        if (training) {
            lastForward = fwd;
            lastForwardInput = input;
        } else {
            fwd.release();
        }
        return handed;
    }

    private Pass runForward() {
        MaskedDepthwiseConv1d conf = layerConf();
        try (MemoryWorkspace ignored = Nd4j.getWorkspaceManager().scopeOutOfWorkspaces()) {
            if (input.rank() != 3 || input.size(1) != conf.getNIn()) {
                throw new IllegalStateException(
                        "depthwise convolution \""
                                + conf.getLayerName()
                                + "\": expected input [batch, "
                                + conf.getNIn()
                                + ", frames], got "
                                + java.util.Arrays.toString(input.shape()));
            }
            int batch = (int) input.size(0);
            int frames = (int) input.size(2);
            ConvGeometry g = conf.geometry();
            INDArray z =
                    BufferPool.shared()
                            .create(dataType, batch, conf.getNIn(), 1, g.outputFrames(frames));
            INDArray w = getParam(MaskedDepthwiseConv1dParams.WEIGHTS);
            if (dataType == DataType.FLOAT) {
                int[] inLengths =
                        maskArray == null ? null : FrameMasks.lengths(maskArray, batch, frames);
                int[] outLengths =
                        inLengths == null ? null : FrameMasks.afterConvolution(inLengths, g);
                new DepthwiseLoops(g).forward(input, w, z, inLengths, outLengths);
                return new Pass(new Forward(input, false, null, null, inLengths, outLengths), z);
            }
            INDArray x =
                    NativeMemory.ownedCopy(input, dataType)
                            .reshape('c', batch, conf.getNIn(), 1, frames);
            INDArray inputMask =
                    maskArray == null ? null : NativeMemory.ownedCopy(maskArray, dataType);
            if (inputMask != null) {
                Nd4j.exec(new BroadcastMulOp(x, inputMask, x, 0, 3));
            }
            new DepthwiseNative(g).forward(x, w, z);
            INDArray outputMask = outputMask(inputMask, batch, frames);
            if (outputMask != null) {
                Nd4j.exec(new BroadcastMulOp(z, outputMask, z, 0, 3));
            }
            return new Pass(new Forward(x, true, inputMask, outputMask, null, null), z);
        }
    }

    @Override
    INDArray outputMask(INDArray inputMask, int batch, int frames) {
        if (inputMask == null) {
            return null;
        }
        ConvGeometry g = layerConf().geometry();
        int[] lengths =
                FrameMasks.afterConvolution(FrameMasks.lengths(inputMask, batch, frames), g);
        return FrameMasks.mask(lengths, g.outputFrames(frames), dataType);
    }

    @Override
    public Pair<Gradient, INDArray> backpropGradient(
            INDArray epsilon, LayerWorkspaceMgr workspaceMgr) {
        assertInputSet(true);
        Forward fwd;
        if (lastForward != null && lastForwardInput == input) {
            fwd = lastForward;
        } else {
            Pass again = runForward();
            NativeMemory.release(again.z());
            fwd = again.state();
        }
        INDArray inputGrad;
        try (MemoryWorkspace ignored = Nd4j.getWorkspaceManager().scopeOutOfWorkspaces()) {
            inputGrad = fwd.owned() ? maskedBackward(fwd, epsilon) : loopsBackward(fwd, epsilon);
            fwd.release();
        }
        lastForward = null;
        lastForwardInput = null;
        Gradient gradient = new DefaultGradient(gradientsFlattened);
        gradient.setGradientFor(
                MaskedDepthwiseConv1dParams.WEIGHTS,
                gradientViews.get(MaskedDepthwiseConv1dParams.WEIGHTS));
        if (dropoutApplied) {
            backpropDropOutIfPresent(inputGrad);
        }
        return new Pair<>(
                gradient,
                NativeMemory.handOver(workspaceMgr, ArrayType.ACTIVATION_GRAD, inputGrad));
    }

    /** The input gradient through libnd4j's op on masked copies (double precision). */
    private INDArray maskedBackward(Forward fwd, INDArray epsilon) {
        MaskedDepthwiseConv1d conf = layerConf();
        INDArray x = fwd.x();
        INDArray dz =
                NativeMemory.ownedCopy(epsilon, dataType)
                        .reshape('c', x.size(0), x.size(1), 1, epsilon.size(2));
        if (fwd.outputMask() != null) {
            Nd4j.exec(new BroadcastMulOp(dz, fwd.outputMask(), dz, 0, 3));
        }
        INDArray wGrad = gradientViews.get(MaskedDepthwiseConv1dParams.WEIGHTS);
        INDArray grad4d =
                new DepthwiseNative(conf.geometry())
                        .backward(
                                x,
                                getParam(MaskedDepthwiseConv1dParams.WEIGHTS),
                                dz,
                                wGrad,
                                conf.isInputGradient());
        if (!conf.isInputGradient()) {
            grad4d.assign(0);
        } else if (fwd.inputMask() != null) {
            Nd4j.exec(new BroadcastMulOp(grad4d, fwd.inputMask(), grad4d, 0, 3));
        }
        INDArray inputGrad = grad4d.reshape('c', x.size(0), x.size(1), x.size(3));
        NativeMemory.release(dz);
        return inputGrad;
    }

    /** The input gradient through {@link DepthwiseLoops}, which apply the lengths themselves. */
    private INDArray loopsBackward(Forward fwd, INDArray epsilon) {
        MaskedDepthwiseConv1d conf = layerConf();
        INDArray x = fwd.x();
        INDArray gx =
                conf.isInputGradient()
                        ? BufferPool.shared().create(dataType, x.shape())
                        : Nd4j.zeros(dataType, x.shape());
        new DepthwiseLoops(conf.geometry())
                .backward(
                        x,
                        getParam(MaskedDepthwiseConv1dParams.WEIGHTS),
                        epsilon,
                        gradientViews.get(MaskedDepthwiseConv1dParams.WEIGHTS),
                        conf.isInputGradient() ? gx : null,
                        fwd.inLengths(),
                        fwd.outLengths());
        return gx;
    }

    @Override
    public Type type() {
        return Type.CONVOLUTIONAL;
    }
}
