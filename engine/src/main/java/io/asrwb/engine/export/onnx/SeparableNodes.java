package io.asrwb.engine.export.onnx;

import io.asrwb.engine.export.onnx.SequenceForm.Kind;
import io.asrwb.engine.model.layers.ConvGeometry;
import io.asrwb.engine.model.layers.MaskedDepthwiseConv1d;
import java.util.List;
import org.deeplearning4j.nn.graph.ComputationGraph;
import org.nd4j.linalg.api.ndarray.INDArray;

/**
 * The ONNX nodes of QuartzNet's own pieces: the depthwise convolution (a grouped {@code Conv},
 * one group per channel) and the residual sum.
 */
final class SeparableNodes {

    private final OnnxGraph onnx;
    private final Layouts layouts;
    private final ComputationGraph model;

    SeparableNodes(OnnxGraph onnx, Layouts layouts, ComputationGraph model) {
        this.onnx = onnx;
        this.layouts = layouts;
        this.model = model;
    }

    /** {@code in} through the depthwise convolution {@code name}, as {@code [1, C, 1, T']}. */
    SequenceForm depthwise(String name, MaskedDepthwiseConv1d conv, SequenceForm in) {
        long channels = conv.getNIn();
        SequenceForm x = layouts.toFourDimensional(in, channels, 1);
        ConvGeometry g = conv.geometry();
        INDArray weights = model.getParam(name + "_W");
        String w =
                onnx.floats(
                        name + "_W",
                        new long[] {channels, 1, 1, g.kernelFrames()},
                        TensorValues.rowMajor(weights));
        String out =
                onnx.node(
                        "Conv",
                        List.of(x.name(), w),
                        name,
                        OnnxGraph.intAttr("group", channels),
                        OnnxGraph.intsAttr("kernel_shape", 1, g.kernelFrames()),
                        OnnxGraph.intsAttr("strides", 1, g.strideFrames()),
                        OnnxGraph.intsAttr("pads", 0, g.padFrames(), 0, g.padFrames()),
                        OnnxGraph.intsAttr("dilations", 1, g.dilationFrames()));
        return new SequenceForm(out, Kind.CHANNELS_BINS_TIME, channels, 1);
    }

    /** {@code a + b}, both brought to {@code a}'s four-dimensional layout. */
    SequenceForm add(String name, SequenceForm a, SequenceForm b) {
        SequenceForm left = layouts.toFourDimensional(a, a.channels(), a.bins());
        SequenceForm right = layouts.toFourDimensional(b, a.channels(), a.bins());
        String out = onnx.node("Add", List.of(left.name(), right.name()), name);
        return new SequenceForm(out, Kind.CHANNELS_BINS_TIME, a.channels(), a.bins());
    }
}
