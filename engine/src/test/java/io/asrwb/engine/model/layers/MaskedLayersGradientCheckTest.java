package io.asrwb.engine.model.layers;

import static org.assertj.core.api.Assertions.assertThat;

import org.deeplearning4j.nn.graph.ComputationGraph;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.nd4j.linalg.api.buffer.DataType;
import org.nd4j.linalg.api.ndarray.INDArray;
import org.nd4j.linalg.dataset.MultiDataSet;
import org.nd4j.linalg.factory.Nd4j;
import org.nd4j.linalg.learning.config.NoOp;

/**
 * DL4J's finite-difference gradient check, in double precision, on graphs of our layers fed
 * batches of unequal lengths with nonzero padding. Each layer is followed by another with
 * parameters, so its input gradient is checked too.
 */
class MaskedLayersGradientCheckTest {

    private static final int BINS = 7;
    private static final int FRAMES = 9;
    private static final int[] VALID = {9, 6, 4};
    private static final int[][] TRANSCRIPTS = {{1, 2, 3}, {4, 4}, {2}};

    private static AutoCloseable precision;

    @BeforeAll
    static void doublePrecision() {
        precision = GradientChecks.doublePrecision();
    }

    @AfterAll
    static void restorePrecision() throws Exception {
        precision.close();
    }

    @Test
    void stackedBiLstmsWithSummedThenConcatenatedDirections() {
        ComputationGraph graph =
                doubleChain(
                        new TestGraphs.Node(
                                "lstm1", new MaskedBiLstm("lstm1", 4, DirectionMerge.SUM)),
                        new TestGraphs.Node(
                                "lstm2", new MaskedBiLstm("lstm2", 3, DirectionMerge.CONCAT)));
        MultiDataSet batch = unstridedBatch(11);

        assertThat(passes(graph, batch)).isTrue();
    }

    @Test
    void stackedForwardOnlyLstmsThenABidirectionalOne() {
        // The streaming preset's layers: one direction, masks and unequal lengths; the last layer
        // checks the forward-only layers' input gradients through a bidirectional one's weights.
        ComputationGraph graph =
                doubleChain(
                        new TestGraphs.Node(
                                "lstm1",
                                new MaskedBiLstm("lstm1", 4, DirectionMerge.SUM).forwardOnly()),
                        new TestGraphs.Node(
                                "lstm2",
                                new MaskedBiLstm("lstm2", 3, DirectionMerge.CONCAT).forwardOnly()),
                        new TestGraphs.Node(
                                "lstm3", new MaskedBiLstm("lstm3", 2, DirectionMerge.SUM)));
        MultiDataSet batch = unstridedBatch(14);

        assertThat(graph.getLayer("lstm1").numParams()).isEqualTo((BINS + 4 + 1) * 4 * 4);
        assertThat(passes(graph, batch)).isTrue();
    }

    @Test
    void aLookaheadConvolutionAfterAForwardOnlyLstm() {
        // The streaming model's lookahead (DS2's lookahead convolution): a depthwise convolution
        // over the LSTM's output frames (random taps here, not the identity it starts as);
        // padded frames must neither leak into the valid ones nor receive gradient.
        ComputationGraph graph =
                doubleChain(
                        new TestGraphs.Node(
                                "lstm1",
                                new MaskedBiLstm("lstm1", 4, DirectionMerge.SUM).forwardOnly()),
                        new TestGraphs.Node(
                                "lookahead",
                                new MaskedDepthwiseConv1d(
                                        "lookahead", 4, ConvGeometry.sameOverTime(5, 1, 1))));
        MultiDataSet batch = unstridedBatch(15);

        assertThat(graph.getLayer("lookahead").numParams()).isEqualTo(4 * 5);
        assertThat(passes(graph, batch)).isTrue();
    }

    @Test
    void convolutionFrontEnd() {
        ConvGeometry strided = new ConvGeometry(3, 3, 2, 2, 1, 1);
        ConvGeometry flat = new ConvGeometry(3, 3, 2, 1, 1, 1);
        ComputationGraph graph =
                doubleChain(
                        new TestGraphs.Node(
                                "conv1",
                                new MaskedConv2d(
                                                "conv1", 1, 2, strided, FrontEndActivation.IDENTITY)
                                        .withoutInputGradient()),
                        new TestGraphs.Node(
                                "conv2",
                                new MaskedConv2d(
                                        "conv2", 2, 2, flat, FrontEndActivation.HARDTANH_0_20)));
        int[] outFrames =
                FrameMasks.afterConvolution(FrameMasks.afterConvolution(VALID, strided), flat);
        MultiDataSet batch =
                SpeechBatches.ctcBatch(
                        SpeechBatches.features(12, DataType.DOUBLE, 3, BINS, FRAMES).addi(1.0),
                        VALID,
                        outFrames,
                        strided.outputFrames(FRAMES),
                        new int[][] {{1, 2}, {4}, {2}});

        assertThat(outFrames).containsExactly(5, 3, 2);
        assertThat(passes(graph, batch)).isTrue();
    }

    @Test
    void convolutionThenBiLstmThenCtc() {
        ConvGeometry strided = new ConvGeometry(3, 3, 2, 2, 1, 1);
        ComputationGraph graph =
                doubleChain(
                        new TestGraphs.Node(
                                "conv",
                                new MaskedConv2d(
                                        "conv", 1, 2, strided, FrontEndActivation.HARDTANH_0_20)),
                        new TestGraphs.Node(
                                "lstm", new MaskedBiLstm("lstm", 3, DirectionMerge.SUM)));
        int[] outFrames = FrameMasks.afterConvolution(VALID, strided);
        MultiDataSet batch =
                SpeechBatches.ctcBatch(
                        SpeechBatches.features(13, DataType.DOUBLE, 3, BINS, FRAMES).addi(1.0),
                        VALID,
                        outFrames,
                        strided.outputFrames(FRAMES),
                        new int[][] {{1, 2}, {4}, {2}});

        assertThat(passes(graph, batch)).isTrue();
    }

    @Test
    void convolutionsEachFollowedByBatchNorm() {
        // deepspeech.pytorch's front end: conv without bias, BN over valid frames, hardtanh. The
        // first
        // BN's input gradient is checked through conv1's weights, the second's through conv2's.
        ConvGeometry strided = new ConvGeometry(3, 3, 2, 2, 1, 1);
        ConvGeometry flat = new ConvGeometry(3, 3, 2, 1, 1, 1);
        ComputationGraph graph =
                doubleChain(
                        new TestGraphs.Node(
                                "conv1",
                                new MaskedConv2d(
                                                "conv1", 1, 2, strided, FrontEndActivation.IDENTITY)
                                        .withoutBias()
                                        .withoutInputGradient()),
                        new TestGraphs.Node(
                                "bn1",
                                new MaskedBatchNorm("bn1", 2, FrontEndActivation.HARDTANH_0_20)),
                        new TestGraphs.Node(
                                "conv2",
                                new MaskedConv2d("conv2", 2, 2, flat, FrontEndActivation.IDENTITY)
                                        .withoutBias()),
                        new TestGraphs.Node(
                                "bn2",
                                new MaskedBatchNorm("bn2", 2, FrontEndActivation.HARDTANH_0_20)));
        shiftBatchNorm(graph, "bn1", 0.3);
        shiftBatchNorm(graph, "bn2", -0.2);
        int[] outFrames =
                FrameMasks.afterConvolution(FrameMasks.afterConvolution(VALID, strided), flat);
        MultiDataSet batch =
                SpeechBatches.ctcBatch(
                        SpeechBatches.features(14, DataType.DOUBLE, 3, BINS, FRAMES),
                        VALID,
                        outFrames,
                        strided.outputFrames(FRAMES),
                        new int[][] {{1, 2}, {4}, {2}});

        assertThat(graph.paramTable())
                .containsKeys("bn1_gamma", "bn1_runningVar")
                .doesNotContainKey("conv1_b");
        assertThat(passes(graph, batch)).isTrue();
    }

    @Test
    void wav2LetterStackWithADilatedConvolution() {
        // 1-D convolutions over time with the bins as input channels, as Wav2Letter builds them:
        // a strided one, then a dilated one ('same': reach 5 frames, padded 2 each side) with BN.
        ConvGeometry strided = ConvGeometry.sameOverTime(3, 2, 1);
        ConvGeometry dilated = ConvGeometry.sameOverTime(3, 1, 2);
        ComputationGraph graph =
                doubleChain(
                        new TestGraphs.Node(
                                "conv1",
                                new MaskedConv2d(
                                                "conv1",
                                                BINS,
                                                3,
                                                strided,
                                                FrontEndActivation.IDENTITY)
                                        .withoutInputGradient()),
                        new TestGraphs.Node(
                                "conv2",
                                new MaskedConv2d(
                                                "conv2", 3, 3, dilated, FrontEndActivation.IDENTITY)
                                        .withoutBias()),
                        new TestGraphs.Node(
                                "conv2_bn",
                                new MaskedBatchNorm("conv2_bn", 3, FrontEndActivation.RELU)));
        shiftBatchNorm(graph, "conv2_bn", 0.4);
        int[] outFrames =
                FrameMasks.afterConvolution(FrameMasks.afterConvolution(VALID, strided), dilated);
        MultiDataSet batch =
                SpeechBatches.ctcBatch(
                        SpeechBatches.features(16, DataType.DOUBLE, 3, BINS, FRAMES),
                        VALID,
                        outFrames,
                        strided.outputFrames(FRAMES),
                        new int[][] {{1, 2}, {4}, {2}});

        assertThat(outFrames).containsExactly(5, 3, 2);
        assertThat(passes(graph, batch)).isTrue();
    }

    @Test
    void sequenceWiseBatchNormBetweenBiLstms() {
        ComputationGraph graph =
                doubleChain(
                        new TestGraphs.Node(
                                "lstm1", new MaskedBiLstm("lstm1", 4, DirectionMerge.SUM)),
                        new TestGraphs.Node(
                                "lstm2_bn",
                                new MaskedBatchNorm("lstm2_bn", 4, FrontEndActivation.IDENTITY)),
                        new TestGraphs.Node(
                                "lstm2", new MaskedBiLstm("lstm2", 3, DirectionMerge.CONCAT)));
        shiftBatchNorm(graph, "lstm2_bn", 0.1);
        MultiDataSet batch = unstridedBatch(15);

        assertThat(passes(graph, batch)).isTrue();
    }

    /** Moves γ and β off 1 and 0, so a gradient that ignored either would show. */
    private static void shiftBatchNorm(ComputationGraph graph, String layer, double by) {
        INDArray gamma = graph.getParam(layer + "_gamma");
        gamma.assign(
                Nd4j.linspace(DataType.DOUBLE, 1 + by, 1.5 + by, gamma.length())
                        .reshape(gamma.shape()));
        graph.getParam(layer + "_beta").addi(by);
    }

    private static boolean passes(ComputationGraph graph, MultiDataSet batch) {
        return GradientChecks.pass(graph, batch, 10);
    }

    /** {@code nodes} in double precision over {@link #BINS} features, no updates. */
    private static ComputationGraph doubleChain(TestGraphs.Node... nodes) {
        return TestGraphs.chain(DataType.DOUBLE, new NoOp(), BINS, nodes);
    }

    /** A batch for layers that keep every frame: features seeded by {@code seed}, unequal lengths. */
    private static MultiDataSet unstridedBatch(long seed) {
        return SpeechBatches.ctcBatch(
                SpeechBatches.features(seed, DataType.DOUBLE, 3, BINS, FRAMES),
                VALID,
                VALID,
                FRAMES,
                TRANSCRIPTS);
    }
}
