package io.asrwb.engine.export.onnx;

import org.nd4j.linalg.api.buffer.DataType;
import org.nd4j.linalg.api.ndarray.INDArray;

/** An ND4J array's values in row-major (C) order as floats, whatever its own order and type. */
final class TensorValues {

    private TensorValues() {}

    static float[] rowMajor(INDArray array) {
        return array.castTo(DataType.FLOAT).dup('c').data().asFloat();
    }
}
