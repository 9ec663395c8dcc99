package io.asrwb.engine.model.layers;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.nd4j.linalg.api.buffer.DataType;
import org.nd4j.linalg.api.ndarray.INDArray;
import org.nd4j.linalg.factory.Nd4j;

/**
 * The single-precision loops compute what libnd4j's depthwise ops compute (those are
 * gradient-checked in double through QuartzNetLayersTest): forward, weight and input gradients,
 * strided, dilated and plain, with both sums (the Vector API's and the plain loops); rows long
 * enough for the vector blocks and short ones that are all tail.
 */
class DepthwiseLoopsTest {

    @Test
    void testJvmsRunTheVectorSums() {
        // the launchers of training and the test JVMs add the module: were it missing, the
        // cases below would test the plain loops twice
        assertThat(TapSums.best().getClass().getSimpleName()).isEqualTo("VectorTapSums");
    }

    @ParameterizedTest
    @CsvSource({
        "5, 1, 1, 23", "7, 2, 1, 23", "5, 1, 2, 23", "1, 1, 1, 23", "9, 1, 1, 23",
        "33, 1, 1, 101", "33, 2, 1, 101", "13, 3, 1, 97", "11, 1, 2, 101", "75, 1, 1, 70",
        "6, 1, 1, 45"
    })
    void loopsEqualTheNativeOps(int kernel, int stride, int dilation, int frames) {
        ConvGeometry g =
                kernel % 2 == 0
                        ? ConvGeometry.overTime(kernel, stride, kernel / 2 - 1)
                        : ConvGeometry.sameOverTime(kernel, stride, dilation);
        Nd4j.getRandom().setSeed(kernel * 31L + stride * 7L + dilation);
        INDArray x = Nd4j.randn(DataType.FLOAT, 3, 4, 1, frames);
        INDArray w = Nd4j.randn(DataType.FLOAT, 4, kernel);
        INDArray dOut = Nd4j.randn(DataType.FLOAT, 3, 4, 1, g.outputFrames(frames));
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

        for (TapSums sums : new TapSums[] {TapSums.best(), new ScalarTapSums()}) {
            DepthwiseLoops loops = new DepthwiseLoops(g, sums);
            INDArray out = Nd4j.create(DataType.FLOAT, dOut.shape());
            loops.forward(x, w, out, null, null);
            INDArray wGrad = Nd4j.create(DataType.FLOAT, w.shape());
            INDArray grad = Nd4j.create(DataType.FLOAT, x.shape());
            loops.backward(x, w, dOut, wGrad, grad, null, null);

            String name = sums.getClass().getSimpleName();
            assertThat(out.shape()).as(name).containsExactly(expected.shape());
            assertThat(maxDiff(out, expected)).as(name).isLessThan(1e-4 * kernel);
            assertThat(maxDiff(wGrad, expectedWGrad)).as(name).isLessThan(1e-4 * kernel);
            assertThat(maxDiff(grad, expectedGrad)).as(name).isLessThan(1e-4 * kernel);
        }
        assertThat(expectedWGrad.amaxNumber().doubleValue()).isGreaterThan(0.1);
    }

    @ParameterizedTest
    @CsvSource({"33, 1, 1", "7, 2, 1", "5, 1, 2"})
    void lengthsActAsTheMasksOfAPaddedBatch(int kernel, int stride, int dilation) {
        ConvGeometry g = ConvGeometry.sameOverTime(kernel, stride, dilation);
        int frames = 61;
        int[] inLengths = {61, 40, 3};
        int[] outLengths = FrameMasks.afterConvolution(inLengths, g);
        Nd4j.getRandom().setSeed(kernel + 17L * stride);
        INDArray x = Nd4j.randn(DataType.FLOAT, 3, 4, 1, frames);
        INDArray w = Nd4j.randn(DataType.FLOAT, 4, kernel);
        INDArray dOut = Nd4j.randn(DataType.FLOAT, 3, 4, 1, g.outputFrames(frames));
        INDArray inMask = FrameMasks.mask(inLengths, frames, DataType.DOUBLE);
        INDArray outMask = FrameMasks.mask(outLengths, g.outputFrames(frames), DataType.DOUBLE);
        // the reference: the op on masked copies, its output and input gradient masked after
        DepthwiseNative op = new DepthwiseNative(g);
        INDArray xMasked = x.castTo(DataType.DOUBLE).mul(broadcast(inMask, x.shape()));
        INDArray dMasked = dOut.castTo(DataType.DOUBLE).mul(broadcast(outMask, dOut.shape()));
        INDArray expected = Nd4j.create(DataType.DOUBLE, dOut.shape());
        op.forward(xMasked, w.castTo(DataType.DOUBLE), expected);
        expected.muli(broadcast(outMask, dOut.shape()));
        INDArray expectedWGrad = Nd4j.create(DataType.DOUBLE, w.shape());
        INDArray expectedGrad =
                op.backward(xMasked, w.castTo(DataType.DOUBLE), dMasked, expectedWGrad, true)
                        .mul(broadcast(inMask, x.shape()));

        for (TapSums sums : new TapSums[] {TapSums.best(), new ScalarTapSums()}) {
            DepthwiseLoops loops = new DepthwiseLoops(g, sums);
            // padded frames full of values the lengths must hide
            INDArray out = Nd4j.valueArrayOf(dOut.shape(), 7f);
            loops.forward(x, w, out, inLengths, outLengths);
            INDArray wGrad = Nd4j.create(DataType.FLOAT, w.shape());
            INDArray grad = Nd4j.valueArrayOf(x.shape(), 7f);
            loops.backward(x, w, dOut, wGrad, grad, inLengths, outLengths);

            String name = sums.getClass().getSimpleName();
            assertThat(maxDiff(out, expected)).as(name).isLessThan(1e-3);
            assertThat(maxDiff(wGrad, expectedWGrad)).as(name).isLessThan(1e-3);
            assertThat(maxDiff(grad, expectedGrad)).as(name).isLessThan(1e-3);
        }
        assertThat(expected.getDouble(2, 0, 0, outLengths[2])).isZero();
    }

    /** A {@code [B, T]} mask as {@code [B, C, 1, T]}. */
    private static INDArray broadcast(INDArray mask, long[] shape) {
        return mask.reshape(shape[0], 1, 1, shape[3]).broadcast(shape);
    }

    private static double maxDiff(INDArray a, INDArray b) {
        return a.castTo(DataType.DOUBLE).sub(b).amaxNumber().doubleValue();
    }
}
