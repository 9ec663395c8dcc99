package io.asrwb.engine.train.distributed.spark;

import org.nd4j.linalg.api.ndarray.INDArray;
import org.nd4j.linalg.dataset.MultiDataSet;
import org.nd4j.linalg.factory.Nd4j;

/**
 * Pads a batch to exactly the run's batch size with empty rows. DL4J's Spark worker re-batches
 * what it is given to {@code batchSizePerWorker} examples, splitting a batch and merging the
 * pieces with the next: with our variable-length labels ({@code [B, S]}, S differs per batch) that
 * merge fails. A batch of exactly that size passes through untouched. An empty row has no frames
 * and no transcript, so the CTC loss leaves it out (zero loss and gradient); only DL4J's division
 * of the gradient by the row count makes a short batch's step smaller by rows/batch size.
 */
final class ExactBatches {

    private ExactBatches() {}

    static MultiDataSet padded(org.nd4j.linalg.dataset.api.MultiDataSet batch, int rows) {
        return new MultiDataSet(
                pad(batch.getFeatures(), rows),
                pad(batch.getLabels(), rows),
                pad(batch.getFeaturesMaskArrays(), rows),
                pad(batch.getLabelsMaskArrays(), rows));
    }

    private static INDArray[] pad(INDArray[] arrays, int rows) {
        if (arrays == null) {
            return null;
        }
        INDArray[] out = new INDArray[arrays.length];
        for (int i = 0; i < arrays.length; i++) {
            out[i] = pad(arrays[i], rows);
        }
        return out;
    }

    private static INDArray pad(INDArray array, int rows) {
        long have = array.size(0);
        if (have > rows) {
            throw new IllegalArgumentException(
                    "a batch of " + have + " rows is larger than data.batch_size " + rows);
        }
        if (have == rows) {
            return array;
        }
        long[] shape = array.shape().clone();
        shape[0] = rows - have;
        return Nd4j.concat(0, array, Nd4j.zeros(array.dataType(), shape));
    }
}
