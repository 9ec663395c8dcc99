package io.asrwb.engine.model.layers;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.nd4j.linalg.api.buffer.DataType;
import org.nd4j.linalg.api.ndarray.INDArray;
import org.nd4j.linalg.factory.Nd4j;

/**
 * The single-precision loops compute what libnd4j's depthwise ops compute (those are
 * gradient-checked in double through QuartzNetLayersTest): forward, weight and input gradients,
 * strided, dilated and plain.
 */
class DepthwiseLoopsTest {

    @ParameterizedTest
    @CsvSource({"5, 1, 1", "7, 2, 1", "5, 1, 2", "1, 1, 1", "9, 1, 1"})
    void loopsEqualTheNativeOps(int kernel, int stride, int dilation) {
        ConvGeometry g = ConvGeometry.sameOverTime(kernel, stride, dilation);
        Nd4j.getRandom().setSeed(kernel * 31L + stride * 7L + dilation);
        INDArray x = Nd4j.randn(DataType.FLOAT, 3, 4, 1, 23);
        INDArray w = Nd4j.randn(DataType.FLOAT, 4, kernel);
        INDArray dOut = Nd4j.randn(DataType.FLOAT, 3, 4, 1, g.outputFrames(23));
        // the native op's reference: DepthwiseNative runs it on double input
        DepthwiseNative op = new DepthwiseNative(g);
        INDArray expected = Nd4j.create(DataType.DOUBLE, dOut.shape());
        op.forward(x.castTo(DataType.DOUBLE), w.castTo(DataType.DOUBLE), expected);
        INDArray expectedWGrad = Nd4j.create(DataType.DOUBLE, w.shape());
        INDArray expectedGrad =
                op.backward(
                        x.castTo(DataType.DOUBLE),
                        w.castTo(DataType.DOUBLE),
                        dOut.castTo(DataType.DOUBLE),
                        expectedWGrad,
                        true);

        DepthwiseLoops loops = new DepthwiseLoops(g);
        INDArray out = loops.forward(x, w);
        INDArray wGrad = Nd4j.create(DataType.FLOAT, w.shape());
        INDArray grad = loops.backward(x, w, dOut, wGrad, true);

        assertThat(out.shape()).containsExactly(expected.shape());
        assertThat(maxDiff(out, expected)).isLessThan(1e-4);
        assertThat(maxDiff(wGrad, expectedWGrad)).isLessThan(1e-4);
        assertThat(maxDiff(grad, expectedGrad)).isLessThan(1e-4);
        assertThat(expectedWGrad.amaxNumber().doubleValue()).isGreaterThan(0.1);
    }

    private static double maxDiff(INDArray a, INDArray b) {
        return a.castTo(DataType.DOUBLE).sub(b).amaxNumber().doubleValue();
    }
}
