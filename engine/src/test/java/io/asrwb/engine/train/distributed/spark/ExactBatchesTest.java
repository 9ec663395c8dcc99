package io.asrwb.engine.train.distributed.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.nd4j.linalg.api.buffer.DataType;
import org.nd4j.linalg.api.ndarray.INDArray;
import org.nd4j.linalg.dataset.MultiDataSet;
import org.nd4j.linalg.factory.Nd4j;

class ExactBatchesTest {

    @Test
    void aShortBatchGetsEmptyRowsAndKeepsItsOwnRowsUntouched() {
        INDArray features = Nd4j.rand(DataType.FLOAT, 3, 5, 7);
        INDArray labels = Nd4j.createFromArray(new float[][] {{1, 2}, {3, 0}, {4, 4}});
        INDArray featureMask = Nd4j.ones(DataType.FLOAT, 3, 7);
        INDArray outputMask = Nd4j.ones(DataType.FLOAT, 3, 3);
        MultiDataSet batch =
                new MultiDataSet(
                        new INDArray[] {features},
                        new INDArray[] {labels},
                        new INDArray[] {featureMask},
                        new INDArray[] {outputMask});

        MultiDataSet padded = ExactBatches.padded(batch, 4);

        assertThat(padded.getFeatures(0).shape()).containsExactly(4, 5, 7);
        assertThat(padded.getLabels(0).shape()).containsExactly(4, 2);
        assertThat(padded.getFeatures(0).get(org.nd4j.linalg.indexing.NDArrayIndex.interval(0, 3)))
                .isEqualTo(features);
        // the empty row: no frames, no output frames, no transcript (the CTC loss leaves it out)
        assertThat(padded.getFeaturesMaskArray(0).getRow(3).sumNumber().doubleValue()).isZero();
        assertThat(padded.getLabelsMaskArray(0).getRow(3).sumNumber().doubleValue()).isZero();
        assertThat(padded.getLabels(0).getRow(3).sumNumber().doubleValue()).isZero();
        assertThat(padded.getFeatures(0).slice(3).sumNumber().doubleValue()).isZero();
    }

    @Test
    void aFullBatchPassesAsItIsAndALargerOneIsAnError() {
        MultiDataSet full =
                new MultiDataSet(
                        Nd4j.ones(DataType.FLOAT, 2, 3, 4), Nd4j.ones(DataType.FLOAT, 2, 1));
        assertThat(ExactBatches.padded(full, 2).getFeatures(0)).isSameAs(full.getFeatures(0));
        assertThatThrownBy(() -> ExactBatches.padded(full, 1))
                .hasMessageContaining("larger than data.batch_size 1");
    }
}
