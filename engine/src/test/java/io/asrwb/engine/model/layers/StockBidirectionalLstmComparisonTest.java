package io.asrwb.engine.model.layers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.nd4j.linalg.indexing.NDArrayIndex.all;
import static org.nd4j.linalg.indexing.NDArrayIndex.interval;
import static org.nd4j.linalg.indexing.NDArrayIndex.point;

import java.util.Map;
import org.deeplearning4j.nn.conf.layers.LSTM;
import org.deeplearning4j.nn.conf.layers.recurrent.Bidirectional;
import org.deeplearning4j.nn.graph.ComputationGraph;
import org.junit.jupiter.api.Test;
import org.nd4j.linalg.activations.Activation;
import org.nd4j.linalg.api.buffer.DataType;
import org.nd4j.linalg.api.ndarray.INDArray;
import org.nd4j.linalg.factory.Nd4j;
import org.nd4j.linalg.learning.config.NoOp;

/**
 * The fast layer against the stock one: on unmasked, equal-length input (where DL4J's
 * Bidirectional LSTM is right) our MaskedBiLstm with the same weights gives the same outputs, loss
 * and gradients (double precision, the training recurrence), and the same outputs in float through
 * the inference loop.
 */
class StockBidirectionalLstmComparisonTest {

    private static final int FEATURES = 4;
    private static final int HIDDEN = 3;
    private static final int BATCH = 2;
    private static final int FRAMES = 6;

    @Test
    void sameOutputsLossAndGradientsAsStockBidirectionalLstmWithSummedDirections() {
        ComputationGraph stock = stockGraph(DataType.DOUBLE);
        ComputationGraph ours = ourGraph(DataType.DOUBLE);
        copyStockWeights(stock, ours);
        INDArray features = SpeechBatches.features(5, DataType.DOUBLE, BATCH, FEATURES, FRAMES);
        INDArray labels = SpeechBatches.labels(DataType.DOUBLE, new int[][] {{1, 2, 3}, {4, 1}});

        INDArray stockOut = stock.outputSingle(features);
        INDArray ourOut = ours.outputSingle(features);
        Map<String, INDArray> stockGrads = gradients(stock, features, labels);
        Map<String, INDArray> ourGrads = gradients(ours, features, labels);

        assertThat(maxAbsDiff(ourOut, stockOut)).isLessThan(1e-12);
        assertThat(ours.score())
                .isCloseTo(stock.score(), org.assertj.core.api.Assertions.within(1e-12));
        INDArray ourW = ourGrads.get("lstm_W");
        assertThat(
                        maxAbsDiff(
                                ourW.get(all(), interval(0, 4 * HIDDEN)),
                                toOurGateOrder(stockGrads.get("lstm_fW"))))
                .isLessThan(1e-10);
        assertThat(
                        maxAbsDiff(
                                ourW.get(all(), interval(4 * HIDDEN, 8 * HIDDEN)),
                                toOurGateOrder(stockGrads.get("lstm_bW"))))
                .isLessThan(1e-10);
        INDArray ourRw = ourGrads.get("lstm_RW");
        assertThat(
                        maxAbsDiff(
                                ourRw.get(point(0), all(), all()),
                                toOurGateOrder(stockGrads.get("lstm_fRW"))))
                .isLessThan(1e-10);
        assertThat(
                        maxAbsDiff(
                                ourRw.get(point(1), all(), all()),
                                toOurGateOrder(stockGrads.get("lstm_bRW"))))
                .isLessThan(1e-10);
        INDArray ourB = ourGrads.get("lstm_b");
        assertThat(
                        maxAbsDiff(
                                ourB.get(all(), interval(0, 4 * HIDDEN)),
                                toOurGateOrder(stockGrads.get("lstm_fb"))))
                .isLessThan(1e-10);
        assertThat(
                        maxAbsDiff(
                                ourB.get(all(), interval(4 * HIDDEN, 8 * HIDDEN)),
                                toOurGateOrder(stockGrads.get("lstm_bb"))))
                .isLessThan(1e-10);
        assertThat(maxAbsDiff(ourGrads.get("classes_W"), stockGrads.get("classes_W")))
                .isLessThan(1e-10);
    }

    /**
     * The same layers in float, compared on an inference pass ({@code outputSingle}): in float our
     * layer runs that pass's recurrence in {@link BiLstmFloatForward} (double precision, above,
     * takes the training recurrence), so this holds the loop to DL4J's own LSTM and not only to our
     * training recurrence ({@code BiLstmFloatForwardTest}).
     */
    @Test
    void inferenceLoopGivesTheStockOutputsInFloat() {
        assertThat(BiLstmFloatForward.applies(Nd4j.create(DataType.FLOAT, 1, 1))).isTrue();
        ComputationGraph stock = stockGraph(DataType.FLOAT);
        ComputationGraph ours = ourGraph(DataType.FLOAT);
        copyStockWeights(stock, ours);
        INDArray features = SpeechBatches.features(5, DataType.FLOAT, BATCH, FEATURES, FRAMES);

        assertThat(maxAbsDiff(ours.outputSingle(features), stock.outputSingle(features)))
                .isLessThan(1e-5);
    }

    private static ComputationGraph stockGraph(DataType type) {
        return TestGraphs.chain(
                type,
                new NoOp(),
                FEATURES,
                new TestGraphs.Node(
                        "lstm",
                        new Bidirectional(
                                Bidirectional.Mode.ADD,
                                new LSTM.Builder()
                                        .nOut(HIDDEN)
                                        .activation(Activation.TANH)
                                        .gateActivationFunction(Activation.SIGMOID)
                                        .build())));
    }

    private static ComputationGraph ourGraph(DataType type) {
        return TestGraphs.chain(
                type,
                new NoOp(),
                FEATURES,
                new TestGraphs.Node("lstm", new MaskedBiLstm("lstm", HIDDEN, DirectionMerge.SUM)));
    }

    private static void copyStockWeights(ComputationGraph stock, ComputationGraph ours) {
        Map<String, INDArray> s = stock.getLayer("lstm").paramTable();
        Map<String, INDArray> o = ours.getLayer("lstm").paramTable();
        o.get("W").get(all(), interval(0, 4 * HIDDEN)).assign(toOurGateOrder(s.get("fW")));
        o.get("W").get(all(), interval(4 * HIDDEN, 8 * HIDDEN)).assign(toOurGateOrder(s.get("bW")));
        o.get("RW").get(point(0), all(), all()).assign(toOurGateOrder(s.get("fRW")));
        o.get("RW").get(point(1), all(), all()).assign(toOurGateOrder(s.get("bRW")));
        o.get("b").get(all(), interval(0, 4 * HIDDEN)).assign(toOurGateOrder(s.get("fb")));
        o.get("b").get(all(), interval(4 * HIDDEN, 8 * HIDDEN)).assign(toOurGateOrder(s.get("bb")));
        ours.getLayer("classes").setParams(stock.getLayer("classes").params().dup());
    }

    /** DL4J's LSTM blocks are (cell candidate, forget, output, input); ours (input, forget, output, cell). */
    private static INDArray toOurGateOrder(INDArray stockParam) {
        INDArray stock =
                stockParam.rank() == 1 ? stockParam.reshape(1, stockParam.length()) : stockParam;
        long h = stock.size(1) / 4;
        return Nd4j.hstack(
                stock.get(all(), interval(3 * h, 4 * h)),
                stock.get(all(), interval(h, 2 * h)),
                stock.get(all(), interval(2 * h, 3 * h)),
                stock.get(all(), interval(0, h)));
    }

    private static Map<String, INDArray> gradients(
            ComputationGraph graph, INDArray features, INDArray labels) {
        graph.setInputs(features);
        graph.setLabels(labels);
        graph.computeGradientAndScore();
        return graph.gradient().gradientForVariable();
    }

    private static double maxAbsDiff(INDArray a, INDArray b) {
        assertThat(a.shape()).containsExactly(b.shape());
        return a.sub(b).amaxNumber().doubleValue();
    }
}
