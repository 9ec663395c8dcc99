package io.asrwb.engine.model.layers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.nd4j.linalg.indexing.NDArrayIndex.all;
import static org.nd4j.linalg.indexing.NDArrayIndex.point;

import org.deeplearning4j.nn.graph.ComputationGraph;
import org.junit.jupiter.api.Test;
import org.nd4j.linalg.api.buffer.DataType;
import org.nd4j.linalg.api.ndarray.INDArray;
import org.nd4j.linalg.learning.config.NoOp;

/**
 * A dilated convolution over time is the undilated one whose kernel has zeros between its taps:
 * kernel 3 at dilation 2 computes what kernel 5 with taps {w0, 0, w1, 0, w2} computes, on a masked
 * batch of unequal lengths (so the padding and the exact output lengths agree too).
 */
class DilatedConvolutionTest {

    private static final int BINS = 4;
    private static final int FRAMES = 12;
    private static final int[] VALID = {12, 7, 3};

    @Test
    void dilationSpreadsTheKernelsTaps() {
        ConvGeometry dilated = ConvGeometry.sameOverTime(3, 1, 2);
        ConvGeometry spread = ConvGeometry.sameOverTime(5, 1, 1);
        ComputationGraph a = graph(dilated);
        ComputationGraph b = graph(spread);
        b.getParam("conv_b").assign(a.getParam("conv_b"));
        b.getParam("classes_W").assign(a.getParam("classes_W"));
        b.getParam("classes_b").assign(a.getParam("classes_b"));
        INDArray w = a.getParam("conv_W"); // [out, in, 1, 3]
        INDArray spreadW = b.getParam("conv_W"); // [out, in, 1, 5]
        spreadW.assign(0);
        for (int tap = 0; tap < 3; tap++) {
            spreadW.get(all(), all(), point(0), point(2L * tap))
                    .assign(w.get(all(), all(), point(0), point(tap)));
        }
        INDArray x = SpeechBatches.features(3, DataType.DOUBLE, VALID.length, BINS, FRAMES);
        INDArray mask = FrameMasks.mask(VALID, FRAMES, DataType.DOUBLE);

        INDArray outA = a.output(false, new INDArray[] {x}, new INDArray[] {mask})[0];
        INDArray outB = b.output(false, new INDArray[] {x}, new INDArray[] {mask})[0];

        assertThat(dilated.outputFrames(7)).isEqualTo(7);
        assertThat(outA.shape()).isEqualTo(outB.shape());
        assertThat(outA.equalsWithEps(outB, 1e-10)).isTrue();
        // and the dilation matters: the same taps adjacent compute something else
        ComputationGraph c = graph(ConvGeometry.sameOverTime(3, 1, 1));
        c.params().assign(a.params());
        INDArray outC = c.output(false, new INDArray[] {x}, new INDArray[] {mask})[0];
        assertThat(outA.equalsWithEps(outC, 1e-6)).isFalse();
    }

    private static ComputationGraph graph(ConvGeometry geometry) {
        return TestGraphs.chain(
                DataType.DOUBLE,
                new NoOp(),
                BINS,
                new TestGraphs.Node(
                        "conv",
                        new MaskedConv2d("conv", BINS, 3, geometry, FrontEndActivation.RELU)));
    }
}
