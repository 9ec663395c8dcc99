package io.asrwb.engine.model.layers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.nd4j.linalg.indexing.NDArrayIndex.all;
import static org.nd4j.linalg.indexing.NDArrayIndex.interval;

import org.junit.jupiter.api.Test;
import org.nd4j.linalg.api.buffer.DataType;
import org.nd4j.linalg.api.ndarray.INDArray;
import org.nd4j.linalg.factory.Nd4j;

/** The inference recurrence gives the training loop's outputs, masks and both merges included. */
class BiLstmInferenceLoopTest {

    @Test
    void matchesTheTrainingLoopOnAMaskedBatch() {
        Nd4j.getRandom().setSeed(7);
        int batch = 3;
        int nIn = 5;
        int frames = 9;
        int hidden = 4;
        INDArray x = Nd4j.randn(DataType.FLOAT, batch, nIn, frames);
        INDArray w = Nd4j.randn(DataType.FLOAT, nIn, 8L * hidden).muli(0.5);
        INDArray rw = Nd4j.randn(DataType.FLOAT, 2, hidden, 4L * hidden).muli(0.5);
        INDArray bias = Nd4j.randn(DataType.FLOAT, 1, 8L * hidden).muli(0.1);
        int[] lengths = {9, 6, 2};
        INDArray mask = Nd4j.zeros(DataType.FLOAT, batch, frames);
        for (int b = 0; b < batch; b++) {
            for (int t = 0; t < lengths[b]; t++) {
                mask.putScalar(b, t, 1f);
            }
        }
        for (DirectionMerge merge : DirectionMerge.values()) {
            BiLstmKernel.Forward training =
                    BiLstmKernel.forward(x, mask.dup(), lengths, w, rw, bias, merge, true);
            BiLstmKernel.Forward inference =
                    BiLstmKernel.forward(x, mask.dup(), lengths, w, rw, bias, merge, false);
            assertThat(inference.cells()).as("inference keeps no backward state").isNull();
            assertThat(inference.output().shape()).isEqualTo(training.output().shape());
            double difference =
                    inference.output().sub(training.output()).amaxNumber().doubleValue();
            assertThat(difference).as(merge.name()).isLessThan(1e-5);
            assertThat(training.output().amaxNumber().doubleValue())
                    .as("not all zero")
                    .isGreaterThan(0.05);
            training.release();
            inference.release();
        }
    }

    @Test
    void forwardOnlyMatchesTheTrainingLoopAndIsCausal() {
        Nd4j.getRandom().setSeed(8);
        int batch = 2;
        int nIn = 5;
        int frames = 8;
        int hidden = 4;
        INDArray x = Nd4j.randn(DataType.FLOAT, batch, nIn, frames);
        INDArray w = Nd4j.randn(DataType.FLOAT, nIn, 4L * hidden).muli(0.5);
        INDArray rw = Nd4j.randn(DataType.FLOAT, 1, hidden, 4L * hidden).muli(0.5);
        INDArray bias = Nd4j.randn(DataType.FLOAT, 1, 4L * hidden).muli(0.1);
        int[] lengths = {frames, frames};
        BiLstmKernel.Forward training =
                BiLstmKernel.forward(x, null, lengths, w, rw, bias, DirectionMerge.SUM, true);
        BiLstmKernel.Forward inference =
                BiLstmKernel.forward(x, null, lengths, w, rw, bias, DirectionMerge.SUM, false);
        assertThat(inference.output().shape()).containsExactly(batch, hidden, frames);
        assertThat(inference.output().sub(training.output()).amaxNumber().doubleValue())
                .isLessThan(1e-5);

        // Changing the last three frames leaves the first five outputs as they were.
        INDArray changed = x.dup();
        changed.get(all(), all(), interval(5, frames)).addi(3.0);
        INDArray later =
                BiLstmKernel.forward(changed, null, lengths, w, rw, bias, DirectionMerge.SUM, false)
                        .output();
        INDArray before = inference.output().get(all(), all(), interval(0, 5));
        assertThat(later.get(all(), all(), interval(0, 5)).sub(before).amaxNumber().doubleValue())
                .isZero();
        assertThat(later.sub(inference.output()).amaxNumber().doubleValue()).isGreaterThan(1e-3);
        training.release();
        inference.release();
    }

    @Test
    void doublePrecisionKeepsTheNd4jLoop() {
        assertThat(BiLstmInferenceLoop.applies(Nd4j.zeros(DataType.DOUBLE, 1, 2, 1, 4))).isFalse();
        assertThat(BiLstmInferenceLoop.applies(Nd4j.zeros(DataType.FLOAT, 1, 2, 1, 4))).isTrue();
    }
}
