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
 * Runtime of {@link MaskedDepthwiseConv1d}: masks the input, convolves each channel through
 * libnd4j's native op, masks the output with the exact output lengths; keeps the masked input of
 * the latest training pass for backpropagation (the output is linear in the weights, so nothing
 * else is needed).
 */
class MaskedDepthwiseConv1dLayer extends MaskedLayerRuntime<MaskedDepthwiseConv1d> {

    private static final long serialVersionUID = 1L;

    /** Forward state: the masked 4-D input and the input and output masks. */
    private record Forward(INDArray maskedInput, INDArray inputMask, INDArray outputMask) {
        void release() {
            NativeMemory.release(maskedInput, inputMask, outputMask);
        }
    }

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
        INDArray[] fwdAndOut = runForward();
        Forward fwd = new Forward(fwdAndOut[0], fwdAndOut[1], fwdAndOut[2]);
        INDArray z = fwdAndOut[3];
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

    /** Masked input, input mask, output mask and the masked output {@code [B, C, 1, T']}. */
    private INDArray[] runForward() {
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
            INDArray x =
                    NativeMemory.ownedCopy(input, dataType)
                            .reshape('c', batch, conf.getNIn(), 1, frames);
            INDArray inputMask =
                    maskArray == null ? null : NativeMemory.ownedCopy(maskArray, dataType);
            if (inputMask != null) {
                Nd4j.exec(new BroadcastMulOp(x, inputMask, x, 0, 3));
            }
            INDArray z =
                    BufferPool.shared()
                            .create(dataType, batch, conf.getNIn(), 1, g.outputFrames(frames));
            new DepthwiseNative(g).forward(x, getParam(MaskedDepthwiseConv1dParams.WEIGHTS), z);
            INDArray outputMask = outputMask(inputMask, batch, frames);
            if (outputMask != null) {
                Nd4j.exec(new BroadcastMulOp(z, outputMask, z, 0, 3));
            }
            return new INDArray[] {x, inputMask, outputMask, z};
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
        MaskedDepthwiseConv1d conf = layerConf();
        Forward fwd;
        if (lastForward != null && lastForwardInput == input) {
            fwd = lastForward;
        } else {
            INDArray[] again = runForward();
            NativeMemory.release(again[3]);
            fwd = new Forward(again[0], again[1], again[2]);
        }
        INDArray inputGrad;
        try (MemoryWorkspace ignored = Nd4j.getWorkspaceManager().scopeOutOfWorkspaces()) {
            INDArray x = fwd.maskedInput();
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
            inputGrad = grad4d.reshape('c', x.size(0), x.size(1), x.size(3));
            NativeMemory.release(dz);
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

    @Override
    public Type type() {
        return Type.CONVOLUTIONAL;
    }
}
