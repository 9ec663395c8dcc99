package io.asrwb.engine.model.layers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.offset;
import static org.nd4j.linalg.indexing.NDArrayIndex.all;
import static org.nd4j.linalg.indexing.NDArrayIndex.interval;

import org.deeplearning4j.nn.graph.ComputationGraph;
import org.junit.jupiter.api.Test;
import org.nd4j.linalg.api.buffer.DataType;
import org.nd4j.linalg.api.ndarray.INDArray;
import org.nd4j.linalg.dataset.MultiDataSet;
import org.nd4j.linalg.learning.config.NoOp;

/**
 * A convolution whose input is already zero at its padded frames uses it where it lies (no masked
 * copy); one whose input is not masks a copy. Both give the same gradients and scores, and a
 * second step on the same layers (whose view state must not be freed) still does.
 */
class MaskedInputViewTest {

    private static final int BINS = 7;
    private static final ConvGeometry FLAT = new ConvGeometry(3, 3, 1, 1, 1, 1);

    @Test
    void anAlreadyMaskedInputGivesWhatAMaskedCopyGives() {
        INDArray features = SpeechBatches.features(5, DataType.FLOAT, 3, BINS, 13).addi(0.5);
        int[] frames = {13, 9, 6};
        INDArray clean = features.dup();
        for (int b = 0; b < frames.length; b++) {
            clean.get(interval(b, b + 1), all(), interval(frames[b], 13)).assign(0);
        }
        INDArray clean2 = clean.dup();
        INDArray garbage = features; // nonzero at the padded frames: the copy path

        double[] viaView = gradientsAndScore(clean);
        double[] viaCopy = gradientsAndScore(garbage);
        double[] viaViewAgain = gradientsAndScore(clean2);
        assertThat(viaView.length).isGreaterThan(10);
        for (int i = 0; i < viaView.length; i++) {
            assertThat(viaView[i]).isCloseTo(viaCopy[i], offset(1e-4));
            assertThat(viaViewAgain[i]).isEqualTo(viaView[i]);
        }
        assertThat(NativeFloats.zeroPast(clean, frames)).isTrue();
        assertThat(NativeFloats.zeroPast(garbage, frames)).isFalse();
    }

    /** Two training steps' gradients of a fixed graph on {@code features}, then the score. */
    private static double[] gradientsAndScore(INDArray features) {
        ComputationGraph graph =
                TestGraphs.chain(
                        DataType.FLOAT,
                        new NoOp(),
                        BINS,
                        new TestGraphs.Node(
                                "conv1",
                                new MaskedConv2d("conv1", 1, 3, FLAT, FrontEndActivation.RELU)),
                        new TestGraphs.Node(
                                "conv2",
                                new MaskedConv2d("conv2", 3, 2, FLAT, FrontEndActivation.RELU)),
                        new TestGraphs.Node(
                                "lstm1", new MaskedBiLstm("lstm1", 3, DirectionMerge.SUM)));
        int[] frames = {13, 9, 6};
        MultiDataSet batch =
                SpeechBatches.ctcBatch(
                        features, frames, frames, 13, new int[][] {{1, 2, 3}, {4, 2}, {1, 3}});
        graph.setInputs(batch.getFeatures());
        graph.setLabels(batch.getLabels());
        graph.setLayerMaskArrays(batch.getFeaturesMaskArrays(), batch.getLabelsMaskArrays());
        graph.computeGradientAndScore();
        double[] first = graph.gradient().gradient().dup().toDoubleVector();
        graph.computeGradientAndScore();
        double[] second = graph.gradient().gradient().dup().toDoubleVector();
        double[] all = new double[first.length + second.length + 1];
        System.arraycopy(first, 0, all, 0, first.length);
        System.arraycopy(second, 0, all, first.length, second.length);
        all[all.length - 1] = graph.score();
        return all;
    }
}
