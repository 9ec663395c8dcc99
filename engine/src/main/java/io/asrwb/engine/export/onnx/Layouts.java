package io.asrwb.engine.export.onnx;

import io.asrwb.engine.export.onnx.SequenceForm.Kind;
import java.util.List;

/** The Reshape and Transpose nodes that move a tensor between the layouts of {@link SequenceForm}. */
final class Layouts {

    private final OnnxGraph onnx;

    Layouts(OnnxGraph onnx) {
        this.onnx = onnx;
    }

    /**
     * {@code current} as {@code [1, channels, bins, T]}: our convolutions and batch norms read
     * their {@code [B, C·F, T]} input channel-major, which is this reshape.
     */
    SequenceForm toFourDimensional(SequenceForm current, long channels, long bins) {
        if (current.kind() == Kind.CHANNELS_BINS_TIME
                && current.channels() == channels
                && current.bins() == bins) {
            return current;
        }
        String byTime =
                current.kind() == Kind.TIME_MAJOR
                        ? onnx.node(
                                "Transpose",
                                List.of(current.name()),
                                onnx.fresh("by_time"),
                                OnnxGraph.intsAttr("perm", 1, 2, 0))
                        : current.name();
        return new SequenceForm(
                reshape(byTime, 1, channels, bins, -1), Kind.CHANNELS_BINS_TIME, channels, bins);
    }

    /** {@code current} as {@code [T, 1, D]}, what ONNX's LSTM reads. */
    SequenceForm toTimeMajor(SequenceForm current) {
        if (current.kind() == Kind.TIME_MAJOR) {
            return current;
        }
        long features = current.features();
        String byTime =
                current.kind() == Kind.CHANNELS_BINS_TIME
                        ? reshape(current.name(), 1, features, -1)
                        : current.name();
        String out =
                onnx.node(
                        "Transpose",
                        List.of(byTime),
                        onnx.fresh("time_major"),
                        OnnxGraph.intsAttr("perm", 2, 0, 1));
        return new SequenceForm(out, Kind.TIME_MAJOR, features, 1);
    }

    String reshape(String tensor, long... shape) {
        return onnx.node(
                "Reshape",
                List.of(tensor, onnx.longs(onnx.fresh("shape"), shape)),
                onnx.fresh("reshaped"));
    }
}
