package io.asrwb.engine.model.layers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.nd4j.linalg.indexing.NDArrayIndex.all;
import static org.nd4j.linalg.indexing.NDArrayIndex.interval;

import org.junit.jupiter.api.Test;
import org.nd4j.linalg.api.buffer.DataType;
import org.nd4j.linalg.api.ndarray.INDArray;
import org.nd4j.linalg.factory.Nd4j;

/**
 * The float recurrence gives the ND4J ops' outputs (the reference, held to DL4J's own LSTM and to
 * finite differences in double precision elsewhere), masks and both merges included; for training
 * it also keeps the same gates, cells and cell tanh for the backward pass.
 */
class BiLstmFloatForwardTest {

    @Test
    void matchesTheNd4jOpsOnAMaskedBatchForInferenceAndForTraining() {
        LstmCase c = LstmCase.masked(7, 2);
        for (DirectionMerge merge : DirectionMerge.values()) {
            BiLstmKernel.Forward reference = c.forward(merge, true, false);
            BiLstmKernel.Forward training = c.forward(merge, true, true);
            BiLstmKernel.Forward inference = c.forward(merge, false, true);
            assertThat(inference.cells()).as("inference keeps no backward state").isNull();
            assertThat(inference.output().shape()).isEqualTo(reference.output().shape());
            assertThat(maxAbsDiff(inference.output(), reference.output()))
                    .as(merge.name())
                    .isLessThan(1e-5);
            assertThat(maxAbsDiff(training.output(), reference.output())).isLessThan(1e-5);
            assertThat(maxAbsDiff(training.gates(), reference.gates())).isLessThan(1e-5);
            assertThat(maxAbsDiff(training.cells(), reference.cells())).isLessThan(1e-5);
            assertThat(maxAbsDiff(training.cellTanh(), reference.cellTanh())).isLessThan(1e-5);
            assertThat(reference.output().amaxNumber().doubleValue())
                    .as("not all zero")
                    .isGreaterThan(0.05);
            reference.release();
            training.release();
            inference.release();
        }
    }

    @Test
    void forwardOnlyMatchesTheNd4jOpsAndIsCausal() {
        LstmCase c = LstmCase.unmasked(8, 1);
        BiLstmKernel.Forward reference = c.forward(DirectionMerge.SUM, true, false);
        BiLstmKernel.Forward training = c.forward(DirectionMerge.SUM, true, true);
        BiLstmKernel.Forward inference = c.forward(DirectionMerge.SUM, false, true);
        assertThat(inference.output().shape()).containsExactly(c.batch(), c.hidden(), c.frames());
        assertThat(maxAbsDiff(inference.output(), reference.output())).isLessThan(1e-5);
        assertThat(maxAbsDiff(training.cells(), reference.cells())).isLessThan(1e-5);

        // Changing the last three frames leaves the first five outputs as they were.
        INDArray changed = c.x().dup();
        changed.get(all(), all(), interval(5, c.frames())).addi(3.0);
        INDArray later =
                c.withInput(changed).forwardAsTheLayerDoes(DirectionMerge.SUM, false).output();
        INDArray before = inference.output().get(all(), all(), interval(0, 5));
        assertThat(maxAbsDiff(later.get(all(), all(), interval(0, 5)), before)).isZero();
        assertThat(maxAbsDiff(later, inference.output())).isGreaterThan(1e-3);
        reference.release();
        training.release();
        inference.release();
    }

    @Test
    void floatTakesTheLoopsAndDoubleTheNd4jOps() {
        assertThat(BiLstmFloatForward.applies(Nd4j.zeros(DataType.DOUBLE, 1, 2, 1, 4))).isFalse();
        assertThat(BiLstmFloatForward.applies(Nd4j.zeros(DataType.FLOAT, 1, 2, 1, 4))).isTrue();
        LstmCase c = LstmCase.unmasked(9, 2);
        BiLstmKernel.Forward fwd = c.forwardAsTheLayerDoes(DirectionMerge.SUM, true);
        assertThat(fwd.floatLoops()).isTrue();
        fwd.release();
    }

    static double maxAbsDiff(INDArray a, INDArray b) {
        return a.sub(b).amaxNumber().doubleValue();
    }
}
