package io.asrwb.engine.model.layers;

import org.nd4j.linalg.api.ndarray.INDArray;
import org.nd4j.linalg.factory.Nd4j;

/** Matrix products shared by the BiLSTM's forward and backward passes. */
final class MatrixProducts {

    private MatrixProducts() {}

    /**
     * {@code op(a) · op(b)} of two matrices into a new c-ordered matrix, transposes done by the GEMM.
     * Not {@code mmul}: its result is f-ordered, so a c-order reshape of it copies (a buffer nobody
     * frees), and {@code transpose().mmul} copies the transposed operand first.
     */
    static INDArray product(INDArray a, INDArray b, boolean transposeA, boolean transposeB) {
        long rows = transposeA ? a.size(1) : a.size(0);
        long columns = transposeB ? b.size(0) : b.size(1);
        // overwritten whole by the product: a pooled buffer in a training step
        INDArray result = BufferPool.shared().create(a.dataType(), rows, columns);
        Nd4j.matmul(a, b, result, transposeA, transposeB, false);
        return result;
    }
}
