package io.asrwb.engine.export.onnx;

/**
 * Field numbers and enum values of onnx.proto (github.com/onnx/onnx, onnx/onnx.proto, MIT) that the
 * exporter writes; a wrong number would be caught by ONNX Runtime in the export test.
 */
final class OnnxFields {

    private OnnxFields() {}

    // ModelProto
    static final int MODEL_IR_VERSION = 1;
    static final int MODEL_PRODUCER_NAME = 2;
    static final int MODEL_PRODUCER_VERSION = 3;
    static final int MODEL_DOC_STRING = 6;
    static final int MODEL_GRAPH = 7;
    static final int MODEL_OPSET_IMPORT = 8;
    static final int MODEL_METADATA_PROPS = 14;

    // OperatorSetIdProto
    static final int OPSET_DOMAIN = 1;
    static final int OPSET_VERSION = 2;

    // StringStringEntryProto
    static final int ENTRY_KEY = 1;
    static final int ENTRY_VALUE = 2;

    // GraphProto
    static final int GRAPH_NODE = 1;
    static final int GRAPH_NAME = 2;
    static final int GRAPH_INITIALIZER = 5;
    static final int GRAPH_INPUT = 11;
    static final int GRAPH_OUTPUT = 12;

    // NodeProto
    static final int NODE_INPUT = 1;
    static final int NODE_OUTPUT = 2;
    static final int NODE_NAME = 3;
    static final int NODE_OP_TYPE = 4;
    static final int NODE_ATTRIBUTE = 5;

    // AttributeProto and its AttributeType
    static final int ATTR_NAME = 1;
    static final int ATTR_F = 2;
    static final int ATTR_I = 3;
    static final int ATTR_S = 4;
    static final int ATTR_INTS = 8;
    static final int ATTR_TYPE = 20;
    static final int TYPE_FLOAT = 1;
    static final int TYPE_INT = 2;
    static final int TYPE_STRING = 3;
    static final int TYPE_INTS = 7;

    // TensorProto and its DataType
    static final int TENSOR_DIMS = 1;
    static final int TENSOR_DATA_TYPE = 2;
    static final int TENSOR_NAME = 8;
    static final int TENSOR_RAW_DATA = 9;
    static final int DATA_FLOAT = 1;
    static final int DATA_INT64 = 7;

    // ValueInfoProto, TypeProto, TypeProto.Tensor, TensorShapeProto, its Dimension
    static final int VALUE_NAME = 1;
    static final int VALUE_TYPE = 2;
    static final int TYPE_TENSOR = 1;
    static final int TENSOR_TYPE_ELEM = 1;
    static final int TENSOR_TYPE_SHAPE = 2;
    static final int SHAPE_DIM = 1;
    static final int DIM_VALUE = 1;
    static final int DIM_PARAM = 2;

    /** IR version 8 goes with opset 17 (ONNX 1.12), which every ORT since 1.12 reads. */
    static final long IR_VERSION = 8;

    static final long OPSET = 17;
}
