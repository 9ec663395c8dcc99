package io.asrwb.engine.model.layers;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.nd4j.linalg.api.buffer.DataType;
import org.nd4j.linalg.api.ndarray.INDArray;
import org.nd4j.linalg.api.ops.DynamicCustomOp;
import org.nd4j.linalg.factory.Nd4j;

/**
 * The matrix-product convolution over time computes what libnd4j's own {@code conv2d} and {@code
 * conv2d_bp} compute on the same height-1 image (double precision, libnd4j's own kernel, which
 * dilates): output, input gradient, weight and bias gradients, for kernels with stride, dilation,
 * padding and a 1×1, in one matrix product and in batch chunks (whose scratch arrays are then
 * reused at other sizes); in double and in single precision, from plain arrays (copied a row at a
 * time) and from Fortran-ordered ones (copied through ND4J's views).
 */
class Conv1dGemmTest {

    static Stream<Arguments> geometries() {
        return Stream.of(
                Arguments.of(ConvGeometry.overTime(11, 2, 5), 0),
                Arguments.of(ConvGeometry.sameOverTime(5, 1, 1), 0),
                Arguments.of(ConvGeometry.sameOverTime(5, 1, 3), 2),
                Arguments.of(ConvGeometry.sameOverTime(1, 1, 1), 1),
                Arguments.of(new ConvGeometry(1, 4, 1, 3, 0, 1, 2), 0),
                Arguments.of(ConvGeometry.overTime(3, 1, 0), 2));
    }

    @ParameterizedTest
    @MethodSource("geometries")
    void agreesWithLibnd4jsConvolution(ConvGeometry g, int maxBatchChunk) {
        check(g, maxBatchChunk, DataType.DOUBLE, 'c', 1e-10);
    }

    @ParameterizedTest
    @MethodSource("geometries")
    void agreesInSinglePrecision(ConvGeometry g, int maxBatchChunk) {
        check(g, maxBatchChunk, DataType.FLOAT, 'c', 1e-4);
    }

    @ParameterizedTest
    @MethodSource("geometries")
    void agreesFromArraysItCannotCopyByRows(ConvGeometry g, int maxBatchChunk) {
        check(g, maxBatchChunk, DataType.DOUBLE, 'f', 1e-10);
    }

    /**
     * Our convolution in {@code type}, inputs in {@code order}, against libnd4j's in double:
     * equal within {@code eps}.
     */
    private static void check(
            ConvGeometry g, int maxBatchChunk, DataType ours, char order, double eps) {
        int batch = 3;
        int channels = 4;
        int outChannels = 5;
        int frames = 17;
        DataType type = DataType.DOUBLE;
        Nd4j.getRandom().setSeed(7);
        INDArray x = Nd4j.randn(type, batch, channels, 1, frames);
        INDArray w = Nd4j.randn(type, outChannels, channels, 1, g.kernelFrames());
        INDArray bias = Nd4j.randn(type, outChannels);
        int outFrames = g.outputFrames(frames);
        INDArray dOut = Nd4j.randn(type, batch, outChannels, 1, outFrames);

        assertThat(Conv1dGemm.appliesTo(g, 1)).isTrue();
        Conv1dGemm gemm = new Conv1dGemm(g, Conv2dNative.DEFAULT_BUDGET_BYTES, maxBatchChunk);
        INDArray xOurs = x.castTo(ours).dup(order);
        INDArray wOurs = w.castTo(ours);
        INDArray biasOurs = bias.castTo(ours);
        INDArray dOutOurs = dOut.castTo(ours).dup(order);
        INDArray out = Nd4j.create(ours, batch, outChannels, 1, outFrames);
        gemm.forward(xOurs, wOurs, biasOurs, out);
        INDArray wGrad = wOurs.ulike();
        INDArray biasGrad = biasOurs.ulike();
        INDArray dx = gemm.backward(xOurs, wOurs, dOutOurs, wGrad, biasGrad, true);
        INDArray wOnly = wOurs.ulike();
        INDArray biasOnly = biasOurs.ulike();
        assertThat(gemm.backward(xOurs, wOurs, dOutOurs, wOnly, biasOnly, false)).isNull();

        INDArray expectedOut = Nd4j.create(type, out.shape());
        exec("conv2d", g, new INDArray[] {x, w, bias}, new INDArray[] {expectedOut});
        INDArray expectedDx = x.ulike();
        INDArray expectedW = w.ulike();
        INDArray expectedBias = bias.ulike();
        exec(
                "conv2d_bp",
                g,
                new INDArray[] {x, w, bias, dOut},
                new INDArray[] {expectedDx, expectedW, expectedBias});

        assertClose(out, expectedOut, eps, "output");
        assertClose(dx, expectedDx, eps, "input gradient");
        assertClose(wGrad, expectedW, eps, "weight gradient");
        assertClose(biasGrad, expectedBias, eps, "bias gradient");
        assertClose(wOnly, expectedW, eps, "weight gradient alone");
        assertClose(biasOnly, expectedBias, eps, "bias gradient alone");
    }

    private static void assertClose(INDArray actual, INDArray expected, double eps, String what) {
        assertThat(actual.castTo(DataType.DOUBLE).equalsWithEps(expected, eps)).as(what).isTrue();
    }

    @ParameterizedTest
    @MethodSource("geometries")
    void isWhatTheLayersRunForConvolutionsOverTimeOnly(ConvGeometry g, int ignored) {
        assertThat(Conv1dGemm.appliesTo(g, 2)).isFalse();
        assertThat(Conv1dGemm.appliesTo(new ConvGeometry(3, 3, 1, 1, 1, 1), 1)).isFalse();
    }

    private static void exec(String op, ConvGeometry g, INDArray[] in, INDArray[] out) {
        Nd4j.exec(
                DynamicCustomOp.builder(op)
                        .addInputs(in)
                        .addOutputs(out)
                        .addIntegerArguments(
                                1,
                                g.kernelFrames(),
                                1,
                                g.strideFrames(),
                                0,
                                g.padFrames(),
                                1,
                                g.dilationFrames(),
                                0,
                                0,
                                1)
                        .build());
    }
}
