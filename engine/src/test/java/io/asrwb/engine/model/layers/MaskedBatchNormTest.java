package io.asrwb.engine.model.layers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.nd4j.linalg.indexing.NDArrayIndex.all;
import static org.nd4j.linalg.indexing.NDArrayIndex.interval;

import java.util.Map;
import org.deeplearning4j.nn.graph.ComputationGraph;
import org.junit.jupiter.api.Test;
import org.nd4j.linalg.api.buffer.DataType;
import org.nd4j.linalg.api.ndarray.INDArray;
import org.nd4j.linalg.dataset.MultiDataSet;
import org.nd4j.linalg.factory.Nd4j;
import org.nd4j.linalg.learning.config.NoOp;

/**
 * Batch statistics span valid frames only (padding, whatever it holds and however long, changes
 * nothing: outputs, gradients, running statistics), and match a hand computation; the running
 * statistics follow PyTorch's rule.
 */
class MaskedBatchNormTest {

    private static final int CHANNELS = 2;
    private static final int VALUES = 3;
    private static final int FEATURES = CHANNELS * VALUES;
    private static final int[] VALID = {9, 6, 4};
    private static final int[][] TRANSCRIPTS = {{1, 2, 3}, {4, 4}, {2}};

    @Test
    void trainingNormalisesWithTheStatisticsOfValidFramesAndMovesRunningStatisticsLikePyTorch() {
        ComputationGraph graph = graph();
        INDArray features =
                SpeechBatches.features(31, DataType.DOUBLE, 3, FEATURES, 9).muli(2).addi(0.7);
        MultiDataSet batch = SpeechBatches.ctcBatch(features, VALID, VALID, 9, TRANSCRIPTS);

        INDArray normalised = trainingOutput(graph, batch);
        graph.setInputs(batch.getFeatures());
        graph.setLabels(batch.getLabels());
        graph.setLayerMaskArrays(batch.getFeaturesMaskArrays(), batch.getLabelsMaskArrays());
        graph.computeGradientAndScore();

        for (int c = 0; c < CHANNELS; c++) {
            double sum = 0;
            long n = 0;
            for (int b = 0; b < VALID.length; b++) {
                for (int k = 0; k < VALUES; k++) {
                    for (int t = 0; t < VALID[b]; t++) {
                        sum += features.getDouble(b, c * VALUES + k, t);
                        n++;
                    }
                }
            }
            double mean = sum / n;
            double squares = 0;
            for (int b = 0; b < VALID.length; b++) {
                for (int k = 0; k < VALUES; k++) {
                    for (int t = 0; t < VALID[b]; t++) {
                        squares += Math.pow(features.getDouble(b, c * VALUES + k, t) - mean, 2);
                    }
                }
            }
            double variance = squares / n;
            for (int b = 0; b < VALID.length; b++) {
                for (int t = 0; t < 9; t++) {
                    double x = features.getDouble(b, c * VALUES + 1, t);
                    double expected = t < VALID[b] ? (x - mean) / Math.sqrt(variance + 1e-5) : 0;
                    assertThat(normalised.getDouble(b, c * VALUES + 1, t))
                            .isCloseTo(expected, within(1e-12));
                }
            }
            assertThat(graph.getParam("bn_runningMean").getDouble(c))
                    .isCloseTo(0.1 * mean, within(1e-12));
            assertThat(graph.getParam("bn_runningVar").getDouble(c))
                    .isCloseTo(0.9 + 0.1 * squares / (n - 1), within(1e-12));
        }
    }

    @Test
    void paddingContentAndLengthChangeNeitherOutputsNorGradientsNorRunningStatistics() {
        INDArray features = SpeechBatches.features(32, DataType.DOUBLE, 3, FEATURES, 9).addi(0.5);
        INDArray longer = SpeechBatches.features(33, DataType.DOUBLE, 3, FEATURES, 14).muli(50);
        for (int b = 0; b < VALID.length; b++) {
            longer.get(interval(b, b + 1), all(), interval(0, VALID[b]))
                    .assign(features.get(interval(b, b + 1), all(), interval(0, VALID[b])));
        }
        MultiDataSet shortBatch = SpeechBatches.ctcBatch(features, VALID, VALID, 9, TRANSCRIPTS);
        MultiDataSet longBatch = SpeechBatches.ctcBatch(longer, VALID, VALID, 14, TRANSCRIPTS);
        ComputationGraph a = graph();
        ComputationGraph b = graph();

        INDArray outA = trainingOutput(a, shortBatch);
        INDArray outB = trainingOutput(b, longBatch);
        Map<String, INDArray> gradA = gradients(a, shortBatch);
        Map<String, INDArray> gradB = gradients(b, longBatch);

        assertThat(outB.get(all(), all(), interval(0, 9)).sub(outA).amaxNumber().doubleValue())
                .isLessThan(1e-12);
        assertThat(outB.get(all(), all(), interval(9, 14)).amaxNumber().doubleValue()).isZero();
        for (String key : gradA.keySet()) {
            assertThat(gradB.get(key).sub(gradA.get(key)).amaxNumber().doubleValue())
                    .as(key)
                    .isLessThan(1e-10);
        }
        assertThat(gradA.get("bn_gamma").amaxNumber().doubleValue()).isPositive();
        assertThat(gradA.get("bn_runningMean").amaxNumber().doubleValue()).isZero();
        assertThat(
                        a.getParam("bn_runningMean")
                                .sub(b.getParam("bn_runningMean"))
                                .amaxNumber()
                                .doubleValue())
                .isLessThan(1e-12);
        assertThat(
                        a.getParam("bn_runningVar")
                                .sub(b.getParam("bn_runningVar"))
                                .amaxNumber()
                                .doubleValue())
                .isLessThan(1e-12);
        assertThat(a.getParam("bn_runningVar").getDouble(0)).isNotEqualTo(1.0);
    }

    @Test
    void inferenceUsesTheRunningStatistics() {
        ComputationGraph graph = graph();
        graph.getParam("bn_runningMean").assign(Nd4j.createFromArray(0.5, -1.0));
        graph.getParam("bn_runningVar").assign(Nd4j.createFromArray(4.0, 0.25));
        graph.getParam("bn_gamma").assign(Nd4j.createFromArray(2.0, 1.0));
        graph.getParam("bn_beta").assign(Nd4j.createFromArray(0.0, 3.0));
        INDArray features = SpeechBatches.features(34, DataType.DOUBLE, 3, FEATURES, 9);
        INDArray mask = FrameMasks.mask(VALID, 9, DataType.DOUBLE);

        graph.setLayerMaskArrays(new INDArray[] {mask}, null);
        INDArray out = graph.feedForward(new INDArray[] {features}, false, false).get("bn");
        graph.clearLayerMaskArrays();

        double x0 = features.getDouble(1, 0, 2);
        double x1 = features.getDouble(1, VALUES, 2);
        assertThat(out.getDouble(1, 0, 2))
                .isCloseTo(2 * (x0 - 0.5) / Math.sqrt(4 + 1e-5), within(1e-12));
        assertThat(out.getDouble(1, VALUES, 2))
                .isCloseTo((x1 + 1) / Math.sqrt(0.25 + 1e-5) + 3, within(1e-12));
        assertThat(out.getDouble(2, 0, 5)).isZero();
    }

    /** One batch norm over {@code CHANNELS} channels of {@code VALUES} values, then classes and CTC. */
    private static ComputationGraph graph() {
        return TestGraphs.chain(
                DataType.DOUBLE,
                new NoOp(),
                FEATURES,
                new TestGraphs.Node(
                        "bn", new MaskedBatchNorm("bn", CHANNELS, FrontEndActivation.IDENTITY)));
    }

    private static INDArray trainingOutput(ComputationGraph graph, MultiDataSet batch) {
        graph.setLayerMaskArrays(batch.getFeaturesMaskArrays(), null);
        INDArray out = graph.feedForward(batch.getFeatures(), true, false).get("bn").dup();
        graph.clearLayerMaskArrays();
        return out;
    }

    private static Map<String, INDArray> gradients(ComputationGraph graph, MultiDataSet batch) {
        graph.setInputs(batch.getFeatures());
        graph.setLabels(batch.getLabels());
        graph.setLayerMaskArrays(batch.getFeaturesMaskArrays(), batch.getLabelsMaskArrays());
        graph.computeGradientAndScore();
        Map<String, INDArray> grads = new java.util.TreeMap<>();
        graph.gradient().gradientForVariable().forEach((k, v) -> grads.put(k, v.dup()));
        graph.clearLayerMaskArrays();
        return grads;
    }

    private static org.assertj.core.data.Offset<Double> within(double tolerance) {
        return org.assertj.core.data.Offset.offset(tolerance);
    }
}
