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
 * Runtime of {@link MaskedConv2d}: masks the input, convolves through libnd4j's native op,
 * activates, masks the output with the exact output lengths; keeps the forward state of the
 * latest training pass for backpropagation.
 */
class MaskedConv2dLayer extends MaskedLayerRuntime<MaskedConv2d> {

    private static final long serialVersionUID = 1L;

    /**
     * Forward state: the masked 4-D input (the layer's own copy, or a view of the input itself
     * when that was already zero at every padded frame: {@code ownsInput} false), the activated
     * masked output, and the masks.
     */
    private record Forward(
            INDArray maskedInput,
            boolean ownsInput,
            INDArray activated,
            INDArray inputMask,
            INDArray outputMask) {}

    private transient Forward lastForward;
    private transient INDArray lastForwardInput;

    /** Whether DL4J holds {@code lastForward}'s output itself (no workspace copy), so we must not free it. */
    private transient boolean lastOutputHandedOut;

    MaskedConv2dLayer(NeuralNetConfiguration conf, DataType dataType) {
        super(conf, dataType);
    }

    @Override
    public INDArray activate(boolean training, LayerWorkspaceMgr workspaceMgr) {
        assertInputSet(false);
        // The configured dropout (Wav2Letter's, after the previous layer) drops this layer's input.
        applyDropOutIfNecessary(training, workspaceMgr);
        if (lastForward != null) {
            // a training forward pass whose backward pass never came: its state is dead
            release(lastForward, !lastOutputHandedOut);
        }
        Forward fwd = runForward();
        INDArray a = fwd.activated();
        INDArray out = a.reshape('c', a.size(0), a.size(1) * a.size(2), a.size(3));
        // Where DL4J keeps activations in a workspace it gets a copy there, and ours is only needed
        // for the activation's derivative in the backward pass; otherwise DL4J holds ours.
        INDArray handed = NativeMemory.copyToWorkspace(workspaceMgr, ArrayType.ACTIVATIONS, out);
        boolean handedOut = handed == out;
        if (training) {
            lastForward = fwd;
            lastForwardInput = input;
            lastOutputHandedOut = handedOut;
        } else {
            lastForward = null;
            lastForwardInput = null;
            release(fwd, !handedOut);
        }
        return handed;
    }

    /** Frees a forward pass's state; its output too when {@code withOutput}. */
    private static void release(Forward fwd, boolean withOutput) {
        NativeMemory.release(
                fwd.ownsInput() ? fwd.maskedInput() : null,
                fwd.inputMask(),
                fwd.outputMask(),
                withOutput ? fwd.activated() : null);
    }

    private Forward runForward() {
        MaskedConv2d conf = layerConf();
        try (MemoryWorkspace ignored = Nd4j.getWorkspaceManager().scopeOutOfWorkspaces()) {
            if (input.rank() != 3 || input.size(1) != conf.getNIn()) {
                throw new IllegalStateException(
                        "convolution \""
                                + conf.getLayerName()
                                + "\": expected input [batch, "
                                + conf.getNIn()
                                + ", frames], got "
                                + java.util.Arrays.toString(input.shape()));
            }
            int batch = (int) input.size(0);
            int frames = (int) input.size(2);
            ConvGeometry g = conf.geometry();
            INDArray inputMask =
                    maskArray == null ? null : NativeMemory.ownedCopy(maskArray, dataType);
            // an input already zero at its padded frames (a masked layer's output) is used where
            // it lies, as DL4J keeps it until the backward pass anyway
            boolean masked =
                    input.dataType() == dataType
                            && NativeFloats.zeroPast(
                                    input, FrameMasks.lengths(inputMask, batch, frames));
            long[] shape4d = {batch, conf.getInChannels(), conf.inBins(), frames};
            INDArray x =
                    masked
                            ? input.reshape('c', shape4d)
                            : NativeMemory.ownedCopy(input, dataType).reshape('c', shape4d);
            if (inputMask != null && !masked) {
                Nd4j.exec(new BroadcastMulOp(x, inputMask, x, 0, 3));
            }
            int outFrames = g.outputFrames(frames);
            INDArray z =
                    BufferPool.shared()
                            .create(
                                    dataType,
                                    batch,
                                    conf.getOutChannels(),
                                    conf.outBins(),
                                    outFrames);
            native2d(conf, outFrames).forward(x, getParam(MaskedConv2dParams.WEIGHTS), bias(), z);
            conf.getActivation().applyInPlace(z);
            INDArray outputMask = outputMask(inputMask, batch, frames);
            if (outputMask != null) {
                Nd4j.exec(new BroadcastMulOp(z, outputMask, z, 0, 3));
            }
            return new Forward(x, !masked, z, inputMask, outputMask);
        }
    }

    /** The bias parameter, or null for a layer without one. */
    private INDArray bias() {
        return layerConf().isHasBias() ? getParam(MaskedConv2dParams.BIAS) : null;
    }

    private Conv2dNative native2d(MaskedConv2d conf, long outFrames) {
        return new Conv2dNative(
                conf.geometry(),
                conf.getInChannels(),
                conf.outBins(),
                outFrames,
                dataType.width(),
                conf.getMaxBatchChunk());
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
        MaskedConv2d conf = layerConf();
        boolean cached = lastForward != null && lastForwardInput == input;
        Forward fwd = cached ? lastForward : runForward();
        boolean outputHandedOut = cached && lastOutputHandedOut;
        INDArray inputGrad;
        try (MemoryWorkspace ignored = Nd4j.getWorkspaceManager().scopeOutOfWorkspaces()) {
            INDArray a = fwd.activated();
            INDArray dz = NativeMemory.ownedCopy(epsilon, dataType).reshape('c', a.shape());
            if (fwd.outputMask() != null) {
                Nd4j.exec(new BroadcastMulOp(dz, fwd.outputMask(), dz, 0, 3));
            }
            conf.getActivation().backpropInPlace(a, dz);
            INDArray x = fwd.maskedInput();
            Conv2dNative conv = native2d(conf, a.size(3));
            INDArray weights = getParam(MaskedConv2dParams.WEIGHTS);
            INDArray bias = bias();
            INDArray wGrad = gradientViews.get(MaskedConv2dParams.WEIGHTS);
            INDArray biasGrad =
                    conf.isHasBias() ? gradientViews.get(MaskedConv2dParams.BIAS) : null;
            INDArray grad4d;
            if (conf.isInputGradient()) {
                grad4d = conv.backward(x, weights, bias, dz, wGrad, biasGrad);
                if (fwd.inputMask() != null) {
                    Nd4j.exec(new BroadcastMulOp(grad4d, fwd.inputMask(), grad4d, 0, 3));
                }
            } else {
                conv.weightGradients(x, weights, dz, wGrad, biasGrad);
                grad4d = Nd4j.zeros(dataType, x.shape());
            }
            inputGrad = grad4d.reshape('c', x.size(0), conf.getNIn(), x.size(3));
            NativeMemory.release(dz);
            release(fwd, !outputHandedOut);
        }
        lastForward = null;
        lastForwardInput = null;
        Gradient gradient = new DefaultGradient(gradientsFlattened);
        gradient.setGradientFor(
                MaskedConv2dParams.WEIGHTS, gradientViews.get(MaskedConv2dParams.WEIGHTS));
        if (conf.isHasBias()) {
            gradient.setGradientFor(
                    MaskedConv2dParams.BIAS, gradientViews.get(MaskedConv2dParams.BIAS));
        }
        if (dropoutApplied) {
            backpropDropOutIfPresent(inputGrad);
        }
        return new Pair<>(
                gradient,
                NativeMemory.handOver(workspaceMgr, ArrayType.ACTIVATION_GRAD, inputGrad));
    }

    @Override
    public Type type() {
        return Type.CONVOLUTIONAL;
    }
}
