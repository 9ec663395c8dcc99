package io.asrwb.engine.model.layers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.nd4j.linalg.indexing.NDArrayIndex.all;
import static org.nd4j.linalg.indexing.NDArrayIndex.interval;
import static org.nd4j.linalg.indexing.NDArrayIndex.point;

import org.deeplearning4j.nn.graph.ComputationGraph;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.nd4j.linalg.api.buffer.DataType;
import org.nd4j.linalg.api.ndarray.INDArray;
import org.nd4j.linalg.dataset.MultiDataSet;
import org.nd4j.linalg.learning.config.NoOp;

/**
 * The latency-controlled bidirectional LSTM (backward direction over chunks that each hear a
 * bounded future): exact gradients under masks, the whole-utterance layer when one chunk covers
 * everything, and no output depending on a frame beyond its chunk's lookahead.
 */
class LatencyControlledLstmTest {

    private static final int BINS = 7;
    private static final int FRAMES = 11;
    private static final int[] VALID = {11, 7, 4};
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
    void gradientsAreExactWithMasksOverlappingChunksAndBothMerges() {
        // chunks of 3 hearing 2 more (each frame read by up to two chunks), then chunks of 2
        // hearing 3 (up to three): the input gradient sums what every chunk that read a frame sends
        ComputationGraph graph =
                TestGraphs.chain(
                        DataType.DOUBLE,
                        new NoOp(),
                        BINS,
                        new TestGraphs.Node(
                                "lstm1",
                                new MaskedBiLstm("lstm1", 4, DirectionMerge.SUM)
                                        .latencyControlled(3, 2)),
                        new TestGraphs.Node(
                                "lstm2",
                                new MaskedBiLstm("lstm2", 3, DirectionMerge.CONCAT)
                                        .latencyControlled(2, 3)));
        MultiDataSet batch = batch(DataType.DOUBLE, 21);

        assertThat(graph.getLayer("lstm1").numParams()).isEqualTo((BINS + 4 + 1) * 4 * 4 * 2);
        assertThat(GradientChecks.pass(graph, batch, 12)).isTrue();
    }

    @ParameterizedTest
    @CsvSource({"DOUBLE, 1e-12", "FLOAT, 1e-5"})
    void oneChunkOverTheWholeUtteranceIsTheBidirectionalLayer(DataType type, double tolerance) {
        ComputationGraph whole = graph(type, new MaskedBiLstm("lstm", 5, DirectionMerge.SUM));
        ComputationGraph chunked =
                graph(
                        type,
                        new MaskedBiLstm("lstm", 5, DirectionMerge.SUM)
                                .latencyControlled(FRAMES, 0));
        chunked.setParams(whole.params());
        MultiDataSet batch = batch(type, 5);

        INDArray expected = scores(whole, batch);
        INDArray actual = scores(chunked, batch);
        for (int b = 0; b < VALID.length; b++) {
            double gap =
                    Transforms.maxAbsDifference(
                            expected.get(point(b), all(), interval(0, VALID[b])),
                            actual.get(point(b), all(), interval(0, VALID[b])));
            assertThat(gap).isLessThan(tolerance);
        }
    }

    @Test
    void noOutputFrameHearsBeyondItsChunkAndLookahead() {
        int chunk = 3;
        int lookahead = 2;
        ComputationGraph graph =
                graph(
                        DataType.DOUBLE,
                        new MaskedBiLstm("lstm", 4, DirectionMerge.CONCAT)
                                .latencyControlled(chunk, lookahead));
        MultiDataSet batch = batch(DataType.DOUBLE, 9);
        INDArray before = scores(graph, batch);
        for (int t = 0; t < FRAMES; t++) {
            int chunkEnd = (t / chunk + 1) * chunk;
            int horizon = chunkEnd + lookahead; // the first frame that t's chunk never hears
            if (horizon >= FRAMES) {
                continue;
            }
            MultiDataSet changed = batch.copy();
            changed.getFeatures(0).get(point(0), all(), interval(horizon, FRAMES)).addi(3.0);
            INDArray after = scores(graph, changed);
            assertThat(
                            Transforms.maxAbsDifference(
                                    before.get(point(0), all(), interval(0, chunkEnd)),
                                    after.get(point(0), all(), interval(0, chunkEnd))))
                    .as("frames before %d after changing frames from %d on", chunkEnd, horizon)
                    .isLessThan(1e-12);
            MultiDataSet heard = batch.copy();
            heard.getFeatures(0).get(point(0), all(), point(horizon - 1)).addi(3.0);
            assertThat(
                            Transforms.maxAbsDifference(
                                    before.get(point(0), all(), point(t)),
                                    scores(graph, heard).get(point(0), all(), point(t))))
                    .as("frame %d hears frame %d", t, horizon - 1)
                    .isGreaterThan(1e-9);
        }
    }

    @Test
    void aForwardOnlyLayerCannotBeLatencyControlled() {
        MaskedBiLstm forward = new MaskedBiLstm("lstm", 4, DirectionMerge.SUM).forwardOnly();
        assertThatThrownBy(() -> forward.latencyControlled(3, 1))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("lstm")
                .hasMessageContaining("bidirectional");
    }

    private static ComputationGraph graph(DataType type, MaskedBiLstm lstm) {
        return TestGraphs.chain(type, new NoOp(), BINS, new TestGraphs.Node("lstm", lstm));
    }

    /** The class scores {@code [B, classes, T]} of {@code batch}, in inference. */
    private static INDArray scores(ComputationGraph graph, MultiDataSet batch) {
        return graph.output(false, batch.getFeatures(), batch.getFeaturesMaskArrays())[0].dup();
    }

    private static MultiDataSet batch(DataType type, long seed) {
        return SpeechBatches.ctcBatch(
                SpeechBatches.features(seed, type, VALID.length, BINS, FRAMES),
                VALID,
                VALID,
                FRAMES,
                TRANSCRIPTS);
    }

    /** Largest absolute difference of two arrays of one shape. */
    private static final class Transforms {
        static double maxAbsDifference(INDArray a, INDArray b) {
            return a.castTo(DataType.DOUBLE)
                    .sub(b.castTo(DataType.DOUBLE))
                    .amaxNumber()
                    .doubleValue();
        }
    }
}
