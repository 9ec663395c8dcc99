package io.asrwb.engine.train;

import static org.assertj.core.api.Assertions.assertThat;

import io.asrwb.engine.config.Presets;
import io.asrwb.engine.config.RunConfig;
import io.asrwb.engine.data.batching.BatchPacker;
import io.asrwb.engine.inference.ModelSpecs;
import io.asrwb.engine.inference.RunAlphabet;
import io.asrwb.engine.inference.SpeechBatch;
import io.asrwb.engine.inference.SpeechFeatures;
import io.asrwb.engine.model.ModelSpec;
import java.nio.file.Path;
import java.util.List;
import org.deeplearning4j.nn.graph.ComputationGraph;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.nd4j.linalg.api.ndarray.INDArray;
import org.nd4j.linalg.factory.Nd4j;

/**
 * A training step's layers draw their arrays from the buffer pool, and the gradient is the one
 * computed without it, step after step: from the second step on every pooled array is a reused
 * buffer, handed out full of 1e20 under test (assertions on), so a layer that read one before
 * writing it would blow up the gradient here.
 */
class PooledStepTest {

    private static final int BATCH = 3;
    private static final int FRAMES = 120;

    @ParameterizedTest
    @ValueSource(strings = {"wav2letter", "small", "quartznet"})
    void gradientsWithThePoolAreTheGradientsWithout(String preset) {
        RunConfig config = Presets.load(preset);
        SpeechFeatures features = new SpeechFeatures(config.features());
        int classes = RunAlphabet.of(config.alphabet(), Path.of("")).size();
        ModelSpec spec = ModelSpecs.of(config.model(), features.featureCount(), classes);
        StepLearningRate lr = StepLearningRate.of(config.optim(), 10, 10);
        ComputationGraph pooled = SpeechModels.build(spec, config.optim(), lr, 4);
        ComputationGraph plain = SpeechModels.build(spec, config.optim(), lr, 4);
        plain.params().assign(pooled.params());
        SpeechBatch batch =
                SpeechBatch.of(
                        BatchPacker.pack(
                                0,
                                0,
                                RandomUtterances.of(
                                        9, BATCH, FRAMES, 23, features.featureCount(), classes, 5),
                                List.of()),
                        spec);

        for (int step = 0; step < 3; step++) {
            // the same dropout masks on both sides
            Nd4j.getRandom().setSeed(100 + step);
            OptimizerStep.Backward withPool = OptimizerStep.backward(pooled, batch);
            Nd4j.getRandom().setSeed(100 + step);
            INDArray expected = plainGradient(plain, batch);
            INDArray actual = pooled.gradient().gradient();
            assertThat(Double.isFinite(withPool.loss())).as("loss, step %d", step).isTrue();
            assertThat(actual.equalsWithEps(expected, 1e-5)).as("gradient, step %d", step).isTrue();
        }
    }

    private static INDArray plainGradient(ComputationGraph graph, SpeechBatch batch) {
        graph.setInputs(batch.features());
        graph.setLabels(batch.labels());
        graph.setLayerMaskArrays(
                new INDArray[] {batch.featureMask()}, new INDArray[] {batch.outputMask()});
        graph.computeGradientAndScore();
        INDArray gradient = graph.gradient().gradient().dup();
        graph.clearLayerMaskArrays();
        graph.clearLayersStates();
        return gradient;
    }
}
