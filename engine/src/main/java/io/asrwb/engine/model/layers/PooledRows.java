package io.asrwb.engine.model.layers;

import org.nd4j.linalg.api.ndarray.INDArray;
import org.nd4j.linalg.factory.Nd4j;

/**
 * {@code Nd4j.pullRows} into a pooled array: the BiLSTM reorders whole sequences of rows (each
 * direction's processing order and back) several times a step, and each fresh result was fresh
 * memory, page faults included (JFR of a DS2-small step: ~5 % of its samples allocating them).
 */
final class PooledRows {

    private PooledRows() {}

    /** Rows {@code indexes} of the matrix {@code source}, in that order, c-ordered. */
    static INDArray pull(INDArray source, int[] indexes) {
        INDArray rows =
                BufferPool.shared().create(source.dataType(), indexes.length, source.size(1));
        Nd4j.pullRows(source, rows, 1, indexes);
        return rows;
    }
}
