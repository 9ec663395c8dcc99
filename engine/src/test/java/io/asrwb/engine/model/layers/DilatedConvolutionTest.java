package io.asrwb.engine.model.layers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.nd4j.linalg.indexing.NDArrayIndex.all;
import static org.nd4j.linalg.indexing.NDArrayIndex.point;

import org.deeplearning4j.nn.graph.ComputationGraph;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.nd4j.linalg.api.buffer.DataType;
import org.nd4j.linalg.api.ndarray.INDArray;
import org.nd4j.linalg.dataset.MultiDataSet;
import org.nd4j.linalg.learning.config.NoOp;

/**
 * A dilated convolution over time is the undilated one whose kernel has zeros between its taps:
 * kernel 3 at dilation 2 computes what kernel 5 with taps {w0, 0, w1, 0, w2} computes, forward and
 * backward, on a masked batch of unequal lengths (so the padding and the exact output lengths
 * agree too). Both run as matrix products over the shifted frames ({@link Conv1dGemm}), whose own
 * test compares them with libnd4j's kernels.
 */
class DilatedConvolutionTest {

    private static final int BINS = 4;
    private static final int FRAMES = 13;
    private static final int[] VALID = {13, 7, 3};
    private static final int[][] TRANSCRIPTS = {{1, 2, 3}, {4, 4}, {2}};

    enum Precision {
        FLOAT(DataType.FLOAT, 1e-4),
        DOUBLE(DataType.DOUBLE, 1e-10);

        final DataType type;
        final double eps;

        Precision(DataType type, double eps) {
            this.type = type;
            this.eps = eps;
        }
    }

    @ParameterizedTest
    @EnumSource(Precision.class)
    void dilationSpreadsTheKernelsTaps(Precision precision) {
        DataType type = precision.type;
        ConvGeometry dilated = ConvGeometry.sameOverTime(3, 1, 2);
        ComputationGraph a = graph(type, dilated);
        ComputationGraph b = graph(type, ConvGeometry.sameOverTime(5, 1, 1));
        b.getParam("conv_b").assign(a.getParam("conv_b"));
        b.getParam("classes_W").assign(a.getParam("classes_W"));
        b.getParam("classes_b").assign(a.getParam("classes_b"));
        INDArray spreadW = b.getParam("conv_W"); // [out, in, 1, 5]
        spreadW.assign(0);
        for (int tap = 0; tap < 3; tap++) {
            tap(spreadW, 2 * tap).assign(tap(a.getParam("conv_W"), tap));
        }
        INDArray x = SpeechBatches.features(3, type, VALID.length, BINS, FRAMES);
        INDArray mask = FrameMasks.mask(VALID, FRAMES, type);

        INDArray outA = a.output(false, new INDArray[] {x}, new INDArray[] {mask})[0];
        INDArray outB = b.output(false, new INDArray[] {x}, new INDArray[] {mask})[0];
        INDArray gradA = weightGradient(a, x);
        INDArray gradB = weightGradient(b, x);

        assertThat(dilated.outputFrames(7)).isEqualTo(7);
        assertThat(outA.shape()).isEqualTo(outB.shape());
        assertThat(outA.equalsWithEps(outB, precision.eps)).isTrue();
        for (int t = 0; t < 3; t++) {
            assertThat(tap(gradA, t).equalsWithEps(tap(gradB, 2 * t), precision.eps))
                    .as("weight gradient of tap %d", t)
                    .isTrue();
        }
        // and the dilation matters: the same taps adjacent compute something else
        ComputationGraph c = graph(type, ConvGeometry.sameOverTime(3, 1, 1));
        c.params().assign(a.params());
        INDArray outC = c.output(false, new INDArray[] {x}, new INDArray[] {mask})[0];
        assertThat(outA.equalsWithEps(outC, 1e-3)).isFalse();
    }

    private static INDArray weightGradient(ComputationGraph graph, INDArray x) {
        MultiDataSet batch = SpeechBatches.ctcBatch(x, VALID, VALID, FRAMES, TRANSCRIPTS);
        graph.setInputs(batch.getFeatures());
        graph.setLabels(batch.getLabels());
        graph.setLayerMaskArrays(batch.getFeaturesMaskArrays(), batch.getLabelsMaskArrays());
        graph.computeGradientAndScore();
        return graph.gradient().getGradientFor("conv_W").dup();
    }

    private static INDArray tap(INDArray weights, int tap) {
        return weights.get(all(), all(), point(0), point(tap));
    }

    private static ComputationGraph graph(DataType type, ConvGeometry geometry) {
        return TestGraphs.chain(
                type,
                new NoOp(),
                BINS,
                new TestGraphs.Node(
                        "conv",
                        new MaskedConv2d("conv", BINS, 3, geometry, FrontEndActivation.RELU)));
    }
}
