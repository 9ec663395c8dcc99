package io.asrwb.engine.export.onnx;

import io.asrwb.engine.export.onnx.SequenceForm.Kind;
import io.asrwb.engine.model.layers.DirectionMerge;
import io.asrwb.engine.model.layers.FrontEndActivation;
import io.asrwb.engine.model.layers.MaskedBatchNorm;
import io.asrwb.engine.model.layers.MaskedBiLstm;
import io.asrwb.engine.model.layers.MaskedConv2d;
import io.asrwb.engine.model.layers.MaskedDepthwiseConv1d;
import io.asrwb.engine.model.loss.CtcLossLayer;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.deeplearning4j.nn.conf.ComputationGraphConfiguration;
import org.deeplearning4j.nn.conf.graph.ElementWiseVertex;
import org.deeplearning4j.nn.conf.graph.GraphVertex;
import org.deeplearning4j.nn.conf.graph.LayerVertex;
import org.deeplearning4j.nn.conf.layers.ActivationLayer;
import org.deeplearning4j.nn.conf.layers.DenseLayer;
import org.deeplearning4j.nn.conf.layers.DropoutLayer;
import org.deeplearning4j.nn.conf.layers.Layer;
import org.deeplearning4j.nn.graph.ComputationGraph;
import org.nd4j.linalg.activations.impl.ActivationIdentity;
import org.nd4j.linalg.activations.impl.ActivationReLU;
import org.nd4j.linalg.api.ndarray.INDArray;

/**
 * Our acoustic graph, layer by layer, as ONNX nodes for one unpadded utterance: {@code features
 * [1, nBins, T]} in, {@code log_probs [T', K]} out. Masks are left out: with one utterance and no
 * padding every frame is valid, and our mask-aware layers compute exactly the plain ops on it.
 */
final class GraphTranslation {

    static final String INPUT = "features";
    static final String OUTPUT = "log_probs";

    private final ComputationGraph model;
    private final OnnxGraph onnx = new OnnxGraph();
    private final Layouts layouts = new Layouts(onnx);
    private final SeparableNodes separable;

    /** Each translated vertex's output, for the vertices that read it (residual graphs). */
    private final Map<String, SequenceForm> forms = new HashMap<>();

    private SequenceForm current;

    private GraphTranslation(ComputationGraph model, long nBins) {
        this.model = model;
        this.separable = new SeparableNodes(onnx, layouts, model);
        forms.put(INPUT, new SequenceForm(INPUT, Kind.FEATURES_BY_TIME, nBins, 1));
    }

    /** The ONNX graph of {@code model}, whose input has {@code nBins} features per frame. */
    static OnnxGraph translate(ComputationGraph model, long nBins, long classes) {
        GraphTranslation t = new GraphTranslation(model, nBins);
        t.onnx.input(INPUT, 1, nBins, "frames");
        ComputationGraphConfiguration conf = model.getConfiguration();
        for (String name : conf.getTopologicalOrderStr()) {
            GraphVertex vertex = conf.getVertices().get(name);
            if (vertex == null) {
                continue; // the network input
            }
            List<String> inputs = conf.getVertexInputs().get(name);
            t.current = t.forms.get(inputs.get(0));
            if (vertex instanceof ElementWiseVertex sum
                    && sum.getOp() == ElementWiseVertex.Op.Add
                    && inputs.size() == 2) {
                t.current = t.separable.add(name, t.current, t.forms.get(inputs.get(1)));
            } else if (vertex instanceof LayerVertex lv) {
                t.layer(name, lv.getLayerConf().getLayer());
            } else {
                throw unsupported(name, vertex.getClass().getSimpleName());
            }
            t.forms.put(name, t.current);
        }
        t.onnx.output(OUTPUT, "out_frames", classes);
        return t.onnx;
    }

    private void layer(String name, Layer layer) {
        if (layer instanceof MaskedConv2d conv) {
            convolution(name, conv);
        } else if (layer instanceof MaskedDepthwiseConv1d depthwise) {
            current = separable.depthwise(name, depthwise, current);
        } else if (layer instanceof ActivationLayer relu
                && relu.getActivationFn() instanceof ActivationReLU) {
            activation(name, FrontEndActivation.RELU);
        } else if (layer instanceof MaskedBatchNorm norm) {
            batchNorm(name, norm);
        } else if (layer instanceof MaskedBiLstm lstm && !lstm.isBidirectional()) {
            throw unsupported(name, "forward-only LSTM (the streaming preset's)");
        } else if (layer instanceof MaskedBiLstm lstm && lstm.isLatencyControlled()) {
            // ONNX's LSTM runs the backward direction over the whole sequence: exporting it as one
            // would give a model that computes something other than the one trained
            throw unsupported(name, "latency-controlled LSTM (model.chunk_frames)");
        } else if (layer instanceof MaskedBiLstm lstm) {
            biLstm(name, lstm);
        } else if (layer instanceof DenseLayer dense
                && dense.getActivationFn() instanceof ActivationIdentity) {
            classes(name);
        } else if (!(layer instanceof CtcLossLayer) && !(layer instanceof DropoutLayer)) {
            // the CTC and dropout layers pass their input through at inference: nothing to export
            throw unsupported(name, layer.getClass().getSimpleName());
        }
    }

    private void convolution(String name, MaskedConv2d conv) {
        toFourDimensional(conv.getInChannels(), conv.inBins());
        var g = conv.geometry();
        String w =
                onnx.floats(
                        name + "_W",
                        new long[] {
                            conv.getOutChannels(),
                            conv.getInChannels(),
                            g.kernelBins(),
                            g.kernelFrames()
                        },
                        TensorValues.rowMajor(model.getParam(name + "_W")));
        List<String> inputs =
                conv.isHasBias()
                        ? List.of(
                                current.name(),
                                w,
                                onnx.floats(
                                        name + "_b",
                                        new long[] {conv.getOutChannels()},
                                        TensorValues.rowMajor(model.getParam(name + "_b"))))
                        : List.of(current.name(), w);
        String out =
                onnx.node(
                        "Conv",
                        inputs,
                        name,
                        OnnxGraph.intsAttr("kernel_shape", g.kernelBins(), g.kernelFrames()),
                        OnnxGraph.intsAttr("strides", g.strideBins(), g.strideFrames()),
                        OnnxGraph.intsAttr(
                                "pads", g.padBins(), g.padFrames(), g.padBins(), g.padFrames()),
                        OnnxGraph.intsAttr("dilations", 1, g.dilationFrames()));
        current =
                new SequenceForm(
                        out, Kind.CHANNELS_BINS_TIME, conv.getOutChannels(), conv.outBins());
        activation(name, conv.getActivation());
    }

    private void batchNorm(String name, MaskedBatchNorm norm) {
        long channels = norm.getChannels();
        List<String> stats =
                List.of(
                        stat(name, "gamma", channels),
                        stat(name, "beta", channels),
                        stat(name, "runningMean", channels),
                        stat(name, "runningVar", channels));
        var epsilon = OnnxGraph.floatAttr("epsilon", (float) norm.getEpsilon());
        if (norm.valuesPerChannel() == 1 && current.kind() == Kind.TIME_MAJOR) {
            // sequence-wise: one statistic per feature, over every frame ([T, D] for the op)
            String flat = reshape(current.name(), -1, channels);
            String normed = onnx.node("BatchNormalization", with(flat, stats), name, epsilon);
            current =
                    new SequenceForm(
                            reshape(normed, -1, 1, channels), Kind.TIME_MAJOR, channels, 1);
        } else {
            toFourDimensional(channels, norm.valuesPerChannel());
            String out =
                    onnx.node("BatchNormalization", with(current.name(), stats), name, epsilon);
            current =
                    new SequenceForm(
                            out, Kind.CHANNELS_BINS_TIME, channels, norm.valuesPerChannel());
        }
        activation(name, norm.getActivation());
    }

    private void biLstm(String name, MaskedBiLstm lstm) {
        toTimeMajor();
        int hidden = (int) lstm.getHiddenSize();
        long nIn = current.features();
        LstmWeights weights =
                new LstmWeights(
                        model.getParam(name + "_W"),
                        model.getParam(name + "_RW"),
                        model.getParam(name + "_b"),
                        hidden);
        String y =
                onnx.node(
                        "LSTM",
                        List.of(
                                current.name(),
                                onnx.floats(
                                        name + "_W", new long[] {2, 4L * hidden, nIn}, weights.w),
                                onnx.floats(
                                        name + "_R",
                                        new long[] {2, 4L * hidden, hidden},
                                        weights.r),
                                onnx.floats(name + "_B", new long[] {2, 8L * hidden}, weights.b)),
                        name + "_Y",
                        OnnxGraph.intAttr("hidden_size", hidden),
                        OnnxGraph.stringAttr("direction", "bidirectional"));
        // Y is [T, 2, 1, H]: directions summed, or stacked forward then backward per frame
        if (lstm.getMerge() == DirectionMerge.SUM) {
            String sum =
                    onnx.node(
                            "ReduceSum",
                            List.of(y, onnx.longs(onnx.fresh("axes"), 1)),
                            name,
                            OnnxGraph.intAttr("keepdims", 0));
            current = new SequenceForm(sum, Kind.TIME_MAJOR, hidden, 1);
        } else {
            String perFrame =
                    onnx.node(
                            "Transpose",
                            List.of(y),
                            onnx.fresh(name + "_t"),
                            OnnxGraph.intsAttr("perm", 0, 2, 1, 3));
            current =
                    new SequenceForm(
                            reshape(perFrame, -1, 1, 2L * hidden), Kind.TIME_MAJOR, 2L * hidden, 1);
        }
    }

    private void classes(String name) {
        toTimeMajor();
        INDArray w = model.getParam(name + "_W");
        long classes = w.size(1);
        String scores =
                onnx.node(
                        "Gemm",
                        List.of(
                                reshape(current.name(), -1, current.features()),
                                onnx.floats(name + "_W", w.shape(), TensorValues.rowMajor(w)),
                                onnx.floats(
                                        name + "_b",
                                        new long[] {classes},
                                        TensorValues.rowMajor(model.getParam(name + "_b")))),
                        name);
        onnx.node("LogSoftmax", List.of(scores), OUTPUT, OnnxGraph.intAttr("axis", 1));
    }

    private void activation(String name, FrontEndActivation activation) {
        switch (activation) {
            case HARDTANH_0_20 -> {
                String out =
                        onnx.node(
                                "Clip",
                                List.of(
                                        current.name(),
                                        onnx.scalar(onnx.fresh("zero"), 0f),
                                        onnx.scalar(onnx.fresh("twenty"), 20f)),
                                name + "_hardtanh");
                current = new SequenceForm(out, current.kind(), current.channels(), current.bins());
            }
            case RELU -> {
                String out = onnx.node("Relu", List.of(current.name()), name + "_relu");
                current = new SequenceForm(out, current.kind(), current.channels(), current.bins());
            }
            case IDENTITY -> {}
        }
    }

    private String stat(String layer, String param, long channels) {
        return onnx.floats(
                layer + "_" + param,
                new long[] {channels},
                TensorValues.rowMajor(model.getParam(layer + "_" + param)));
    }

    private void toFourDimensional(long channels, long bins) {
        current = layouts.toFourDimensional(current, channels, bins);
    }

    private void toTimeMajor() {
        current = layouts.toTimeMajor(current);
    }

    private String reshape(String tensor, long... shape) {
        return layouts.reshape(tensor, shape);
    }

    private static List<String> with(String first, List<String> rest) {
        return java.util.stream.Stream.concat(java.util.stream.Stream.of(first), rest.stream())
                .toList();
    }

    private static UnsupportedOperationException unsupported(String name, String type) {
        return new UnsupportedOperationException(
                "cannot export layer '"
                        + name
                        + "' ("
                        + type
                        + ") to ONNX: the exporter knows"
                        + " our DS2, Wav2Letter and QuartzNet layers only");
    }
}
