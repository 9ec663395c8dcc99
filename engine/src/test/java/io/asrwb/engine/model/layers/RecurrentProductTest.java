package io.asrwb.engine.model.layers;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.management.ManagementFactory;
import org.junit.jupiter.api.Test;
import org.nd4j.linalg.api.buffer.DataType;
import org.nd4j.linalg.api.ndarray.INDArray;
import org.nd4j.linalg.factory.Nd4j;

class RecurrentProductTest {

    @Test
    void givesNd4jsProductAndLeavesNoGarbagePerCall() {
        Nd4j.getRandom().setSeed(3);
        INDArray previous = Nd4j.randn(DataType.FLOAT, 2, 24);
        INDArray weights = Nd4j.randn(DataType.FLOAT, 24, 96);
        INDArray recurrent = Nd4j.create(DataType.FLOAT, 2, 96);
        RecurrentProduct product = new RecurrentProduct(previous, weights, recurrent, false);

        product.run();
        INDArray expected = Nd4j.matmul(previous, weights);
        assertThat(recurrent.sub(expected).amaxNumber().doubleValue()).isLessThan(1e-4);
        assertThat(expected.amaxNumber().doubleValue()).isGreaterThan(1);

        // the per-frame call of a long file: ND4J's matmul left ~1 kB of op objects each time
        for (int i = 0; i < 2_000; i++) {
            product.run();
        }
        com.sun.management.ThreadMXBean threads =
                (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long before = threads.getCurrentThreadAllocatedBytes();
        for (int i = 0; i < 10_000; i++) {
            product.run();
        }
        long allocated = threads.getCurrentThreadAllocatedBytes() - before;
        assertThat(allocated).as("bytes allocated by 10,000 products").isLessThan(64 * 1024);
    }

    /** The backward pass's product: the state gradient from the gate gradients, {@code dG · Wᵀ}. */
    @Test
    void multipliesByTheTransposeOfTheWeightsAsStored() {
        Nd4j.getRandom().setSeed(4);
        INDArray gateGradients = Nd4j.randn(DataType.FLOAT, 3, 96);
        INDArray weights = Nd4j.randn(DataType.FLOAT, 24, 96);
        INDArray stateGradient = Nd4j.create(DataType.FLOAT, 3, 24);

        new RecurrentProduct(gateGradients, weights, stateGradient, true).run();

        INDArray expected = Nd4j.matmul(gateGradients, weights, false, true, false);
        assertThat(stateGradient.sub(expected).amaxNumber().doubleValue()).isLessThan(1e-4);
        assertThat(expected.amaxNumber().doubleValue()).isGreaterThan(1);
        org.assertj.core.api.Assertions.assertThatThrownBy(
                        () -> new RecurrentProduct(gateGradients, weights, stateGradient, false))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("do not multiply");
    }

    @Test
    void refusesAViewItCouldNotAddressWhole() {
        INDArray weights = Nd4j.create(DataType.FLOAT, 4, 16);
        INDArray recurrent = Nd4j.create(DataType.FLOAT, 2, 16);
        INDArray view =
                Nd4j.create(DataType.FLOAT, 3, 4)
                        .get(
                                org.nd4j.linalg.indexing.NDArrayIndex.interval(1, 3),
                                org.nd4j.linalg.indexing.NDArrayIndex.all());
        org.assertj.core.api.Assertions.assertThatThrownBy(
                        () -> new RecurrentProduct(view, weights, recurrent, false))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("fresh c-ordered array");
    }
}
