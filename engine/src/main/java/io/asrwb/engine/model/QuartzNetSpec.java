package io.asrwb.engine.model;

import io.asrwb.engine.model.layers.ConvGeometry;
import io.asrwb.engine.model.layers.FrontEndActivation;
import io.asrwb.engine.model.layers.MaskedBatchNorm;
import io.asrwb.engine.model.layers.MaskedConv2d;
import io.asrwb.engine.model.layers.MaskedDepthwiseConv1d;
import java.util.List;
import java.util.Objects;
import org.deeplearning4j.nn.conf.ComputationGraphConfiguration;
import org.deeplearning4j.nn.conf.dropout.Dropout;
import org.deeplearning4j.nn.conf.graph.ElementWiseVertex;
import org.deeplearning4j.nn.conf.layers.ActivationLayer;
import org.deeplearning4j.nn.conf.layers.BaseLayer;
import org.nd4j.linalg.activations.Activation;

/**
 * A QuartzNet (NeMo's {@code QuartzNet BxR}): blocks of time-channel separable 1-D convolutions
 * over time (the spectrogram bins are the first layer's input channels), each sub-block followed
 * by mask-aware batch normalisation, ReLU and dropout, residual blocks adding their input back
 * through a pointwise convolution and batch normalisation; then the per-frame linear map to the
 * alphabet and CTC.
 *
 * <p>Vertex names: block {@code b} (from 1) is {@code conv<b>} when it has one sub-block, else
 * {@code conv<b>_<r>} per sub-block; each has {@code _dw} and {@code _pw} (separable) or no suffix
 * (full), then {@code _bn}; a residual block adds {@code
 * conv<b>_res}, {@code conv<b>_res_bn}, {@code conv<b>_add}, {@code conv<b>_relu}.
 * Dropout after a sub-block drops the input of each layer that reads it (DL4J's way).
 *
 * @param blocks first to last
 * @param nBins spectrogram bins per frame
 * @param alphabetSize output classes, blank included
 */
public record QuartzNetSpec(List<QuartzBlockSpec> blocks, int nBins, int alphabetSize)
        implements ModelSpec {

    public QuartzNetSpec {
        blocks = List.copyOf(Objects.requireNonNull(blocks, "blocks"));
        if (blocks.isEmpty()) {
            throw new IllegalArgumentException("QuartzNet blocks: need at least one block");
        }
        if (nBins < 1) {
            throw new IllegalArgumentException("QuartzNet nBins must be >= 1, got " + nBins);
        }
        if (alphabetSize < 2) {
            throw new IllegalArgumentException(
                    "QuartzNet alphabetSize must be >= 2, got " + alphabetSize);
        }
    }

    @Override
    public int timeStride() {
        int stride = 1;
        for (QuartzBlockSpec block : blocks) {
            stride = Math.multiplyExact(stride, block.firstGeometry().strideFrames());
        }
        return stride;
    }

    @Override
    public int outputFrames(int inputFrames) {
        int frames = inputFrames;
        for (QuartzBlockSpec block : blocks) {
            frames = block.firstGeometry().outputFrames(frames);
        }
        return frames;
    }

    @Override
    public double classesInputDropout() {
        return blocks.get(blocks.size() - 1).dropout();
    }

    @Override
    public String addBody(ComputationGraphConfiguration.GraphBuilder graph, String input) {
        String previous = input;
        long inChannels = nBins;
        // dropout after a sub-block is applied where DL4J applies it: on its readers' input
        double dropped = 0;
        for (int b = 0; b < blocks.size(); b++) {
            QuartzBlockSpec block = blocks.get(b);
            String name = "conv" + (b + 1);
            String blockInput = previous;
            double blockInputDropout = dropped;
            long channels = inChannels;
            for (int r = 0; r < block.repeat(); r++) {
                String sub = block.repeat() == 1 ? name : name + "_" + (r + 1);
                boolean joinsResidual = block.residual() && r == block.repeat() - 1;
                ConvGeometry g = r == 0 ? block.firstGeometry() : block.restGeometry();
                previous =
                        convolution(
                                graph,
                                sub,
                                previous,
                                channels,
                                block,
                                g,
                                dropped,
                                b == 0 && r == 0);
                graph.addLayer(
                        sub + "_bn",
                        new MaskedBatchNorm(
                                sub + "_bn",
                                block.channels(),
                                joinsResidual
                                        ? FrontEndActivation.IDENTITY
                                        : FrontEndActivation.RELU),
                        previous);
                previous = sub + "_bn";
                dropped = block.dropout();
                channels = block.channels();
            }
            if (block.residual()) {
                previous =
                        residual(
                                graph,
                                name,
                                blockInput,
                                inChannels,
                                block,
                                previous,
                                blockInputDropout);
            }
            inChannels = block.channels();
        }
        return previous;
    }

    /**
     * The sub-block's convolution (no bias: batch normalisation follows), reading {@code input}
     * dropped with probability {@code dropout}; returns the name batch normalisation reads.
     */
    private static String convolution(
            ComputationGraphConfiguration.GraphBuilder graph,
            String name,
            String input,
            long inChannels,
            QuartzBlockSpec block,
            ConvGeometry g,
            double dropout,
            boolean readsFeatures) {
        if (!block.separable()) {
            MaskedConv2d conv =
                    new MaskedConv2d(
                                    name,
                                    inChannels,
                                    block.channels(),
                                    g,
                                    FrontEndActivation.IDENTITY)
                            .withoutBias();
            dropInput(conv, dropout);
            // the features' gradient is needed by no one
            graph.addLayer(name, readsFeatures ? conv.withoutInputGradient() : conv, input);
            return name;
        }
        MaskedDepthwiseConv1d depthwise = new MaskedDepthwiseConv1d(name + "_dw", inChannels, g);
        dropInput(depthwise, dropout);
        graph.addLayer(
                name + "_dw", readsFeatures ? depthwise.withoutInputGradient() : depthwise, input);
        graph.addLayer(name + "_pw", pointwise(name + "_pw", inChannels, block), name + "_dw");
        return name + "_pw";
    }

    /** The residual path, the sum and the ReLU; returns the block's last name. */
    private static String residual(
            ComputationGraphConfiguration.GraphBuilder graph,
            String name,
            String blockInput,
            long inChannels,
            QuartzBlockSpec block,
            String lastNorm,
            double inputDropout) {
        MaskedConv2d projection = pointwise(name + "_res", inChannels, block);
        // its own dropout mask: DL4J drops each reader's input separately (PyTorch drops once)
        dropInput(projection, inputDropout);
        graph.addLayer(name + "_res", projection, blockInput);
        graph.addLayer(
                name + "_res_bn",
                new MaskedBatchNorm(
                        name + "_res_bn", block.channels(), FrontEndActivation.IDENTITY),
                name + "_res");
        graph.addVertex(
                name + "_add",
                new ElementWiseVertex(ElementWiseVertex.Op.Add),
                lastNorm,
                name + "_res_bn");
        // ReLU keeps padded frames (zero on both paths) at zero
        graph.addLayer(
                name + "_relu",
                new ActivationLayer.Builder().activation(Activation.RELU).build(),
                name + "_add");
        return name + "_relu";
    }

    private static void dropInput(BaseLayer layer, double p) {
        if (p > 0) {
            // DL4J's Dropout takes the probability of keeping a value
            layer.setIDropout(new Dropout(1 - p));
        }
    }

    private static MaskedConv2d pointwise(String name, long inChannels, QuartzBlockSpec block) {
        return new MaskedConv2d(
                        name,
                        inChannels,
                        block.channels(),
                        ConvGeometry.overTime(1, 1, 0),
                        FrontEndActivation.IDENTITY)
                .withoutBias();
    }
}
