package io.asrwb.engine.model.layers;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import java.util.TreeMap;
import org.deeplearning4j.nn.graph.ComputationGraph;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.nd4j.linalg.api.buffer.DataType;
import org.nd4j.linalg.api.ndarray.INDArray;
import org.nd4j.linalg.dataset.MultiDataSet;
import org.nd4j.linalg.learning.config.NoOp;

/**
 * Single precision runs batch normalisation in {@link BatchNormLoops}, double precision in ND4J's
 * ops: on the same masked batch (padding full of large values) and the same weights both give the
 * same outputs, parameter gradients (the convolution's before it too, so the input gradient) and
 * running statistics, with each activation.
 */
class BatchNormLoopsTest {

    private static final int BINS = 3;
    private static final int CHANNELS = 2;
    private static final ConvGeometry FLAT = new ConvGeometry(3, 3, 1, 1, 1, 1);
    private static final int[] VALID = {11, 7, 4};
    private static final int[][] TRANSCRIPTS = {{1, 2, 3}, {4, 4}, {2}};

    @ParameterizedTest
    @EnumSource(FrontEndActivation.class)
    void loopsComputeWhatTheOpsCompute(FrontEndActivation activation) {
        ComputationGraph reference = graph(DataType.DOUBLE, activation);
        ComputationGraph loops = graph(DataType.FLOAT, activation);
        loops.params().assign(reference.params().castTo(DataType.FLOAT));
        INDArray features = SpeechBatches.features(41, DataType.DOUBLE, 3, BINS, 11).addi(0.3);
        for (int b = 0; b < VALID.length; b++) {
            for (int t = VALID[b]; t < 11; t++) {
                for (int f = 0; f < BINS; f++) {
                    features.putScalar(b, f, t, 1e4);
                }
            }
        }
        int[] outFrames = FrameMasks.afterConvolution(VALID, FLAT);

        Map<String, INDArray> expected =
                run(reference, SpeechBatches.ctcBatch(features, VALID, outFrames, 11, TRANSCRIPTS));
        Map<String, INDArray> actual =
                run(
                        loops,
                        SpeechBatches.ctcBatch(
                                features.castTo(DataType.FLOAT),
                                VALID,
                                outFrames,
                                11,
                                TRANSCRIPTS));

        assertThat(actual.keySet()).isEqualTo(expected.keySet());
        for (String key : expected.keySet()) {
            INDArray e = expected.get(key);
            double scale = Math.max(1, e.amaxNumber().doubleValue());
            double error =
                    actual.get(key).castTo(DataType.DOUBLE).sub(e).amaxNumber().doubleValue();
            assertThat(error / scale).as(key).isLessThan(1e-4);
        }
        assertThat(expected.get("grad conv_W").amaxNumber().doubleValue()).isPositive();
        assertThat(expected.get("grad bn_gamma").amaxNumber().doubleValue()).isPositive();
    }

    /** A convolution, then the batch norm under test with {@code activation}, classes and CTC. */
    private static ComputationGraph graph(DataType type, FrontEndActivation activation) {
        return TestGraphs.chain(
                type,
                new NoOp(),
                BINS,
                new TestGraphs.Node(
                        "conv",
                        new MaskedConv2d("conv", 1, CHANNELS, FLAT, FrontEndActivation.IDENTITY)
                                .withoutBias()),
                new TestGraphs.Node("bn", new MaskedBatchNorm("bn", CHANNELS, activation)));
    }

    /** The batch norm's training output, every gradient, and the parameters after the backward pass. */
    private static Map<String, INDArray> run(ComputationGraph graph, MultiDataSet batch) {
        Map<String, INDArray> out = new TreeMap<>();
        graph.setLayerMaskArrays(batch.getFeaturesMaskArrays(), null);
        out.put("output", graph.feedForward(batch.getFeatures(), true, false).get("bn").dup());
        graph.clearLayerMaskArrays();
        graph.setInputs(batch.getFeatures());
        graph.setLabels(batch.getLabels());
        graph.setLayerMaskArrays(batch.getFeaturesMaskArrays(), batch.getLabelsMaskArrays());
        graph.computeGradientAndScore();
        graph.gradient().gradientForVariable().forEach((k, v) -> out.put("grad " + k, v.dup()));
        graph.clearLayerMaskArrays();
        out.put("runningMean", graph.getParam("bn_runningMean").dup());
        out.put("runningVar", graph.getParam("bn_runningVar").dup());
        return out;
    }
}
