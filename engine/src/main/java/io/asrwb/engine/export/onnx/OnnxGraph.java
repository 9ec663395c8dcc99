package io.asrwb.engine.export.onnx;

import static io.asrwb.engine.export.onnx.OnnxFields.*;

import io.asrwb.engine.proto.ProtoMessage;
import java.util.ArrayList;
import java.util.List;

/**
 * An ONNX {@code GraphProto} being built: nodes in execution order, initializers (our weights and
 * the constant shapes the ops take as inputs), one float input and one float output.
 */
final class OnnxGraph {

    private final List<ProtoMessage> nodes = new ArrayList<>();
    private final List<ProtoMessage> initializers = new ArrayList<>();
    private final List<ProtoMessage> inputs = new ArrayList<>();
    private final List<ProtoMessage> outputs = new ArrayList<>();
    private int counter;

    /** A fresh tensor name {@code prefix_N}. */
    String fresh(String prefix) {
        return prefix + "_" + counter++;
    }

    /** Adds a float initializer of {@code dims} holding {@code values} (row-major). */
    String floats(String name, long[] dims, float[] values) {
        initializers.add(
                new ProtoMessage()
                        .packedInt64(TENSOR_DIMS, dims)
                        .int32(TENSOR_DATA_TYPE, DATA_FLOAT)
                        .string(TENSOR_NAME, name)
                        .bytes(TENSOR_RAW_DATA, ProtoMessage.littleEndian(values)));
        return name;
    }

    /** Adds a 1-D int64 initializer (shapes, axes). */
    String longs(String name, long... values) {
        initializers.add(
                new ProtoMessage()
                        .packedInt64(TENSOR_DIMS, new long[] {values.length})
                        .int32(TENSOR_DATA_TYPE, DATA_INT64)
                        .string(TENSOR_NAME, name)
                        .bytes(TENSOR_RAW_DATA, ProtoMessage.littleEndian(values)));
        return name;
    }

    /** Adds a float scalar initializer. */
    String scalar(String name, float value) {
        return floats(name, new long[0], new float[] {value});
    }

    /** Adds a node of {@code opType}; returns its (single) output's name. */
    String node(String opType, List<String> in, String out, ProtoMessage... attributes) {
        ProtoMessage node = new ProtoMessage();
        for (String name : in) {
            node.string(NODE_INPUT, name);
        }
        node.string(NODE_OUTPUT, out).string(NODE_NAME, out).string(NODE_OP_TYPE, opType);
        for (ProtoMessage attribute : attributes) {
            node.message(NODE_ATTRIBUTE, attribute);
        }
        nodes.add(node);
        return out;
    }

    /** A graph input or output: float, with a fixed size or a named dynamic size per axis. */
    void input(String name, Object... dims) {
        inputs.add(valueInfo(name, dims));
    }

    void output(String name, Object... dims) {
        outputs.add(valueInfo(name, dims));
    }

    static ProtoMessage intAttr(String name, long value) {
        return new ProtoMessage()
                .string(ATTR_NAME, name)
                .int64(ATTR_I, value)
                .int32(ATTR_TYPE, TYPE_INT);
    }

    static ProtoMessage floatAttr(String name, float value) {
        return new ProtoMessage()
                .string(ATTR_NAME, name)
                .float32(ATTR_F, value)
                .int32(ATTR_TYPE, TYPE_FLOAT);
    }

    static ProtoMessage stringAttr(String name, String value) {
        return new ProtoMessage()
                .string(ATTR_NAME, name)
                .string(ATTR_S, value)
                .int32(ATTR_TYPE, TYPE_STRING);
    }

    static ProtoMessage intsAttr(String name, long... values) {
        return new ProtoMessage()
                .string(ATTR_NAME, name)
                .packedInt64(ATTR_INTS, values)
                .int32(ATTR_TYPE, TYPE_INTS);
    }

    ProtoMessage toProto(String name) {
        ProtoMessage graph = new ProtoMessage();
        for (ProtoMessage node : nodes) {
            graph.message(GRAPH_NODE, node);
        }
        graph.string(GRAPH_NAME, name);
        for (ProtoMessage initializer : initializers) {
            graph.message(GRAPH_INITIALIZER, initializer);
        }
        for (ProtoMessage input : inputs) {
            graph.message(GRAPH_INPUT, input);
        }
        for (ProtoMessage output : outputs) {
            graph.message(GRAPH_OUTPUT, output);
        }
        return graph;
    }

    private static ProtoMessage valueInfo(String name, Object... dims) {
        ProtoMessage shape = new ProtoMessage();
        for (Object dim : dims) {
            ProtoMessage d = new ProtoMessage();
            if (dim instanceof Number n) {
                d.int64(DIM_VALUE, n.longValue());
            } else {
                d.string(DIM_PARAM, dim.toString());
            }
            shape.message(SHAPE_DIM, d);
        }
        ProtoMessage tensorType =
                new ProtoMessage()
                        .int32(TENSOR_TYPE_ELEM, DATA_FLOAT)
                        .message(TENSOR_TYPE_SHAPE, shape);
        return new ProtoMessage()
                .string(VALUE_NAME, name)
                .message(VALUE_TYPE, new ProtoMessage().message(TYPE_TENSOR, tensorType));
    }
}
