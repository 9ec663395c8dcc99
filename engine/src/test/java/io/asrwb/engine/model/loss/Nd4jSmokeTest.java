package io.asrwb.engine.model.loss;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.nd4j.linalg.api.buffer.DataType;
import org.nd4j.linalg.api.ndarray.INDArray;
import org.nd4j.linalg.factory.Nd4j;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Proves the native CPU backend loads in this build and multiplies matrices correctly; logs how long
 * loading took and where the natives were unpacked.
 */
class Nd4jSmokeTest {

    private static final Logger LOG = LoggerFactory.getLogger(Nd4jSmokeTest.class);

    @Test
    void nativeBackendMultipliesMatrices() {
        long start = System.nanoTime();
        INDArray a = Nd4j.create(new double[][] {{1, 2}, {3, 4}});
        INDArray b = Nd4j.create(new double[][] {{5, 6}, {7, 8}});
        INDArray product = a.mmul(b);
        LOG.info(
                "ND4J backend {} ready in {} ms, javacpp cache {}",
                Nd4j.getBackend().getClass().getSimpleName(),
                (System.nanoTime() - start) / 1_000_000,
                System.getProperty("org.bytedeco.javacpp.cachedir"));

        assertThat(product.dataType()).isEqualTo(DataType.DOUBLE);
        assertThat(product.toDoubleMatrix()).isEqualTo(new double[][] {{19, 22}, {43, 50}});
    }
}
