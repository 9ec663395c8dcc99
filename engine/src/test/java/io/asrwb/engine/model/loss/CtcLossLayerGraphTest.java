package io.asrwb.engine.model.loss;

import static io.asrwb.engine.model.loss.CtcTestArrays.frameMask;
import static io.asrwb.engine.model.loss.CtcTestArrays.labels;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import org.deeplearning4j.nn.conf.ComputationGraphConfiguration;
import org.deeplearning4j.nn.conf.NeuralNetConfiguration;
import org.deeplearning4j.nn.conf.inputs.InputType;
import org.deeplearning4j.nn.conf.layers.DenseLayer;
import org.deeplearning4j.nn.conf.preprocessor.FeedForwardToRnnPreProcessor;
import org.deeplearning4j.nn.graph.ComputationGraph;
import org.deeplearning4j.util.ModelSerializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.nd4j.linalg.activations.Activation;
import org.nd4j.linalg.api.buffer.DataType;
import org.nd4j.linalg.api.ndarray.INDArray;
import org.nd4j.linalg.dataset.MultiDataSet;
import org.nd4j.linalg.factory.Nd4j;
import org.nd4j.linalg.indexing.NDArrayIndex;
import org.nd4j.linalg.learning.config.Adam;

/** A small ComputationGraph ending in CtcLossLayer: it trains, scores consistently, and saves. */
class CtcLossLayerGraphTest {

    private static final int FEATURES = 8;
    private static final int CLASSES = 6;
    private static final int FRAMES = 12;
    private static final int[] VALID_FRAMES = {12, 10, 8, 6};

    @Test
    void lossFallsOverFiftyAdamSteps() {
        ComputationGraph graph = newGraph();
        MultiDataSet batch = batch(true);

        double first = fitOnce(graph, batch);
        double last = first;
        for (int step = 1; step < 50; step++) {
            last = fitOnce(graph, batch);
        }

        assertThat(first).isFinite().isPositive();
        assertThat(last).isLessThan(first * 0.25);
        assertThat(LossCtc.rejectionsOfLastCall()).isEmpty();
    }

    @Test
    void scoreReportedByFitIsTheMaskedLossWhenTheLabelMaskHoldsTheFrames() {
        double[] evaluatedThenFit = evaluatedScoreThenFitScore(batch(true));

        assertThat(evaluatedThenFit[1]).isCloseTo(evaluatedThenFit[0], within(1e-12));
    }

    @Test
    void withoutLabelMaskDl4jScoresFitOverPaddedFrames() {
        // Pins a DL4J 1.0.0-M2.1 quirk that makes the label mask necessary: fit() computes its
        // score
        // with the label mask only, dropping the feature mask it used for the gradient.
        double[] evaluatedThenFit = evaluatedScoreThenFitScore(batch(false));

        assertThat(evaluatedThenFit[1]).isNotCloseTo(evaluatedThenFit[0], within(1e-3));
    }

    private static double[] evaluatedScoreThenFitScore(MultiDataSet batch) {
        ComputationGraph graph = newGraph();
        double evaluated = graph.score(batch);
        return new double[] {evaluated, fitOnce(graph, batch)};
    }

    @Test
    void inferenceWithAFrameMaskGivesScoresWithPaddingZeroed() {
        ComputationGraph graph = newGraph();
        MultiDataSet batch = batch(true);

        INDArray scores =
                graph.output(false, batch.getFeatures(), batch.getFeaturesMaskArrays())[0];

        assertThat(scores.shape()).containsExactly(4, CLASSES, FRAMES);
        INDArray padding =
                scores.get(
                        NDArrayIndex.point(3),
                        NDArrayIndex.all(),
                        NDArrayIndex.interval(6, FRAMES));
        assertThat(padding.amaxNumber().doubleValue()).isZero();
        assertThat(scores.getDouble(3, 0, 5)).isNotZero();
    }

    @Test
    void configurationJsonRoundTripsWithTheLoss() {
        ComputationGraphConfiguration configuration = newGraph().getConfiguration();

        String json = configuration.toJson();
        ComputationGraphConfiguration restored = ComputationGraphConfiguration.fromJson(json);

        assertThat(json).contains("\"@class\" : \"io.asrwb.engine.model.loss.CtcLossLayer\"");
        assertThat(json).contains("\"@class\" : \"io.asrwb.engine.model.loss.LossCtc\"");
        assertThat(restored).isEqualTo(configuration);
    }

    @Test
    void modelSerializerRestoresTheGraphWithItsLossAndUpdaterState(@TempDir Path dir)
            throws IOException {
        ComputationGraph graph = newGraph();
        MultiDataSet batch = batch(true);
        for (int step = 0; step < 5; step++) {
            graph.fit(batch);
        }
        File file = dir.resolve("ctc-graph.zip").toFile();

        ModelSerializer.writeModel(graph, file, true);
        ComputationGraph restored = ModelSerializer.restoreComputationGraph(file, true);

        CtcLossLayer outputLayer = (CtcLossLayer) restored.getLayer("ctc").conf().getLayer();
        assertThat(outputLayer.getLossFn()).isInstanceOf(LossCtc.class);
        assertThat(restored.getConfiguration()).isEqualTo(graph.getConfiguration());
        assertThat(restored.params()).isEqualTo(graph.params());
        assertThat(restored.score(batch)).isEqualTo(graph.score(batch));
        assertThat(fitOnce(restored, batch)).isCloseTo(fitOnce(graph, batch), within(1e-12));
        assertThat(restored.params().sub(graph.params()).amaxNumber().doubleValue())
                .isLessThan(1e-12);
    }

    private static double fitOnce(ComputationGraph graph, MultiDataSet batch) {
        graph.fit(batch);
        return graph.score();
    }

    private static ComputationGraph newGraph() {
        ComputationGraphConfiguration configuration =
                new NeuralNetConfiguration.Builder()
                        .seed(42)
                        .dataType(DataType.DOUBLE)
                        .updater(new Adam(0.05))
                        .graphBuilder()
                        .addInputs("features")
                        .addLayer(
                                "hidden",
                                new DenseLayer.Builder()
                                        .nOut(16)
                                        .activation(Activation.TANH)
                                        .build(),
                                "features")
                        .addLayer(
                                "classes",
                                new DenseLayer.Builder()
                                        .nOut(CLASSES)
                                        .activation(Activation.IDENTITY)
                                        .build(),
                                "hidden")
                        .addLayer("ctc", new CtcLossLayer(), "classes")
                        .inputPreProcessor("ctc", new FeedForwardToRnnPreProcessor())
                        .setOutputs("ctc")
                        .setInputTypes(InputType.recurrent(FEATURES))
                        .build();
        ComputationGraph graph = new ComputationGraph(configuration);
        graph.init();
        return graph;
    }

    private static MultiDataSet batch(boolean frameMaskAsLabelMask) {
        Nd4j.getRandom().setSeed(3);
        INDArray features = Nd4j.randn(DataType.DOUBLE, 4, FEATURES, FRAMES);
        INDArray mask = frameMask(FRAMES, VALID_FRAMES);
        INDArray labels = labels(new int[][] {{1, 2, 3}, {4, 4}, {5, 1, 2}, {3}});
        return new MultiDataSet(
                new INDArray[] {features},
                new INDArray[] {labels},
                new INDArray[] {mask},
                frameMaskAsLabelMask ? new INDArray[] {mask} : null);
    }
}
