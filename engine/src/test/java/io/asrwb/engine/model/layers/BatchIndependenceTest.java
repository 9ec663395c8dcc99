package io.asrwb.engine.model.layers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.nd4j.linalg.indexing.NDArrayIndex.all;
import static org.nd4j.linalg.indexing.NDArrayIndex.interval;

import io.asrwb.engine.model.loss.LossCtc;
import org.deeplearning4j.nn.graph.ComputationGraph;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.nd4j.linalg.activations.impl.ActivationIdentity;
import org.nd4j.linalg.api.buffer.DataType;
import org.nd4j.linalg.api.ndarray.INDArray;
import org.nd4j.linalg.dataset.MultiDataSet;
import org.nd4j.linalg.learning.config.NoOp;

/**
 * An utterance's scores and CTC loss through conv + BiLSTM do not depend on what it is batched
 * with: alone, or padded (with nonzero garbage) behind two longer utterances.
 */
class BatchIndependenceTest {

    private static final int BINS = 7;
    private static final int SHORT = 7;
    private static final int LONG = 13;
    private static final ConvGeometry STRIDED = new ConvGeometry(3, 3, 2, 2, 1, 1);
    private static final ConvGeometry FLAT = new ConvGeometry(3, 3, 1, 1, 1, 1);
    private static final int[] TRANSCRIPT = {1, 3, 2};

    @ParameterizedTest
    @CsvSource({"DOUBLE, 1e-12", "FLOAT, 1e-6"})
    void shortUtteranceGivesTheSameScoresAndLossAloneAndBatched(DataType type, double tolerance) {
        ComputationGraph graph =
                TestGraphs.chain(
                        type,
                        new NoOp(),
                        BINS,
                        new TestGraphs.Node(
                                "conv1",
                                new MaskedConv2d(
                                        "conv1", 1, 3, STRIDED, FrontEndActivation.HARDTANH_0_20)),
                        new TestGraphs.Node(
                                "conv2",
                                new MaskedConv2d("conv2", 3, 2, FLAT, FrontEndActivation.RELU)),
                        new TestGraphs.Node(
                                "lstm1", new MaskedBiLstm("lstm1", 4, DirectionMerge.SUM)),
                        new TestGraphs.Node(
                                "lstm2", new MaskedBiLstm("lstm2", 3, DirectionMerge.CONCAT)));
        assertAloneEqualsBatched(graph, type, tolerance);
    }

    /**
     * With batch normalisation (after the convolutions and between the LSTMs) inference uses the
     * running statistics, so an utterance's scores still do not depend on its batch mates.
     */
    @ParameterizedTest
    @CsvSource({"DOUBLE, 1e-12", "FLOAT, 1e-5"})
    void withBatchNormInferenceIsBatchIndependentToo(DataType type, double tolerance) {
        ComputationGraph graph =
                TestGraphs.chain(
                        type,
                        new NoOp(),
                        BINS,
                        new TestGraphs.Node(
                                "conv1",
                                new MaskedConv2d(
                                                "conv1", 1, 3, STRIDED, FrontEndActivation.IDENTITY)
                                        .withoutBias()),
                        new TestGraphs.Node(
                                "conv1_bn",
                                new MaskedBatchNorm(
                                        "conv1_bn", 3, FrontEndActivation.HARDTANH_0_20)),
                        new TestGraphs.Node(
                                "conv2",
                                new MaskedConv2d("conv2", 3, 2, FLAT, FrontEndActivation.IDENTITY)
                                        .withoutBias()),
                        new TestGraphs.Node(
                                "conv2_bn",
                                new MaskedBatchNorm("conv2_bn", 2, FrontEndActivation.RELU)),
                        new TestGraphs.Node(
                                "lstm1", new MaskedBiLstm("lstm1", 4, DirectionMerge.SUM)),
                        new TestGraphs.Node(
                                "lstm2_bn",
                                new MaskedBatchNorm("lstm2_bn", 4, FrontEndActivation.IDENTITY)),
                        new TestGraphs.Node(
                                "lstm2", new MaskedBiLstm("lstm2", 3, DirectionMerge.CONCAT)));
        // running statistics away from their initial 0 and 1
        for (String bn : new String[] {"conv1_bn", "conv2_bn", "lstm2_bn"}) {
            INDArray mean = graph.getParam(bn + "_runningMean");
            mean.assign(
                    org.nd4j.linalg.factory.Nd4j.linspace(type, -0.3, 0.4, mean.length())
                            .reshape(mean.shape()));
            graph.getParam(bn + "_runningVar").assign(mean.mul(mean).addi(0.5));
        }
        assertAloneEqualsBatched(graph, type, tolerance);
    }

    private static void assertAloneEqualsBatched(
            ComputationGraph graph, DataType type, double tolerance) {
        INDArray batchedFeatures = SpeechBatches.features(21, type, 3, BINS, LONG).addi(0.5);
        INDArray aloneFeatures =
                batchedFeatures.get(interval(2, 3), all(), interval(0, SHORT)).dup();
        int[] batchedFrames = {LONG, LONG - 2, SHORT};
        MultiDataSet batched =
                SpeechBatches.ctcBatch(
                        batchedFeatures,
                        batchedFrames,
                        outputFrames(batchedFrames),
                        STRIDED.outputFrames(LONG),
                        new int[][] {{1, 2, 3, 4}, {4, 2}, TRANSCRIPT});
        MultiDataSet alone =
                SpeechBatches.ctcBatch(
                        aloneFeatures,
                        new int[] {SHORT},
                        outputFrames(new int[] {SHORT}),
                        STRIDED.outputFrames(SHORT),
                        new int[][] {TRANSCRIPT});

        INDArray batchedScores =
                graph.output(false, batched.getFeatures(), batched.getFeaturesMaskArrays())[0];
        INDArray aloneScores =
                graph.output(false, alone.getFeatures(), alone.getFeaturesMaskArrays())[0];
        double batchedLoss = lossPerUtterance(batchedScores, batched).getDouble(2);
        double aloneLoss = lossPerUtterance(aloneScores, alone).getDouble(0);

        int shortOut = STRIDED.outputFrames(SHORT);
        INDArray shortInBatch = batchedScores.get(interval(2, 3), all(), interval(0, shortOut));
        assertThat(shortInBatch.sub(aloneScores).amaxNumber().doubleValue()).isLessThan(tolerance);
        assertThat(
                        batchedScores
                                .get(
                                        interval(2, 3),
                                        all(),
                                        interval(shortOut, batchedScores.size(2)))
                                .amaxNumber()
                                .doubleValue())
                .isZero();
        assertThat(aloneLoss).isPositive();
        assertThat(Math.abs(batchedLoss - aloneLoss))
                .isLessThan(tolerance * Math.max(1, aloneLoss));
    }

    /** The CTC loss of each utterance from the graph's scores (the label mask holds the output frames). */
    private static INDArray lossPerUtterance(INDArray scores, MultiDataSet batch) {
        return new LossCtc()
                .computeScoreArray(
                        batch.getLabels(0),
                        scores,
                        new ActivationIdentity(),
                        batch.getLabelsMaskArray(0));
    }

    private static int[] outputFrames(int[] frames) {
        return FrameMasks.afterConvolution(FrameMasks.afterConvolution(frames, STRIDED), FLAT);
    }
}
