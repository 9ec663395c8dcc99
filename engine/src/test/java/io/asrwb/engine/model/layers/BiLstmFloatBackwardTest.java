package io.asrwb.engine.model.layers;

import static io.asrwb.engine.model.layers.BiLstmFloatForwardTest.maxAbsDiff;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.nd4j.linalg.api.buffer.DataType;
import org.nd4j.linalg.api.ndarray.INDArray;
import org.nd4j.linalg.factory.Nd4j;

/**
 * The float backward loop gives the ND4J ops' gradients (the reference, held to finite differences
 * in double precision by MaskedLayersGradientCheckTest): weights, recurrent weights, bias and input,
 * on a masked batch of unequal lengths with both merges, and on a forward-only layer.
 */
class BiLstmFloatBackwardTest {

    @Test
    void givesTheNd4jOpsGradientsOnAMaskedBatchWithEitherMerge() {
        LstmCase c = LstmCase.masked(11, 2);
        for (DirectionMerge merge : DirectionMerge.values()) {
            assertSameGradients(c, merge, merge.name());
        }
    }

    @Test
    void givesTheNd4jOpsGradientsForAForwardOnlyLayer() {
        assertSameGradients(LstmCase.masked(12, 1), DirectionMerge.SUM, "forward only, masked");
        assertSameGradients(LstmCase.unmasked(13, 1), DirectionMerge.SUM, "forward only");
    }

    /**
     * Steps as training runs them, on pooled buffers: every layout (either merge, one direction)
     * gives each buffer back once, so the next step's arrays never share one still in use (a
     * reshaped view released beside its array gave one buffer back twice and failed the next step).
     */
    @Test
    void pooledStepsGiveTheSameGradientsStepAfterStep() {
        for (int directions = 1; directions <= 2; directions++) {
            for (DirectionMerge merge : DirectionMerge.values()) {
                LstmCase c = LstmCase.poolSized(20 + directions, directions);
                INDArray first = null;
                for (int step = 0; step < 3; step++) {
                    try (PoolingScope ignored = BufferPool.step()) {
                        BiLstmKernel.Forward fwd = c.forward(merge, true, true);
                        INDArray epsilon = fwd.output().dup();
                        BiLstmBackward.Gradients g =
                                BiLstmBackward.backward(fwd, epsilon, c.w(), c.rw(), merge);
                        INDArray rw = g.rw().dup();
                        fwd.release();
                        NativeMemory.release(g.w(), g.rw(), g.bias(), g.input());
                        if (first == null) {
                            first = rw;
                        } else {
                            assertThat(maxAbsDiff(rw, first))
                                    .as(directions + " direction(s), " + merge + ", step " + step)
                                    .isZero();
                        }
                    }
                }
            }
        }
    }

    private static void assertSameGradients(LstmCase c, DirectionMerge merge, String what) {
        BiLstmKernel.Forward reference = c.forward(merge, true, false);
        BiLstmKernel.Forward loops = c.forward(merge, true, true);
        Nd4j.getRandom().setSeed(17);
        INDArray epsilon = Nd4j.randn(DataType.FLOAT, reference.output().shape());

        BiLstmBackward.Gradients expected =
                BiLstmBackward.backward(reference, epsilon, c.w(), c.rw(), merge);
        BiLstmBackward.Gradients actual =
                BiLstmBackward.backward(loops, epsilon, c.w(), c.rw(), merge);

        assertClose(actual.w(), expected.w(), what + ": input weights");
        assertClose(actual.rw(), expected.rw(), what + ": recurrent weights");
        assertClose(actual.bias(), expected.bias(), what + ": bias");
        assertClose(actual.input(), expected.input(), what + ": input");
        reference.release();
        loops.release();
    }

    private static void assertClose(INDArray actual, INDArray expected, String what) {
        double scale = expected.amaxNumber().doubleValue();
        assertThat(scale).as(what + " not all zero").isGreaterThan(0.05);
        assertThat(maxAbsDiff(actual, expected) / scale).as(what).isLessThan(1e-5);
    }
}
