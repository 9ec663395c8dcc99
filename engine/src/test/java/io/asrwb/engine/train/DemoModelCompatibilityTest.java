package io.asrwb.engine.train;

import static org.assertj.core.api.Assertions.assertThat;

import io.asrwb.engine.checkpoint.ModelFingerprint;
import io.asrwb.engine.config.Ds2Config;
import io.asrwb.engine.config.ModelConfig;
import io.asrwb.engine.inference.ModelSpecs;
import io.asrwb.engine.inference.SpeechFeatures;
import io.asrwb.engine.inference.TrainedModel;
import java.nio.file.Path;
import org.deeplearning4j.nn.graph.ComputationGraph;
import org.junit.jupiter.api.Test;

/**
 * The bundled demo model loads, and the model its saved config describes is the one it holds (what
 * resume and fine-tuning check before they train on it): batch normalisation after its
 * convolutions and between its LSTMs, with running statistics, and no convolution bias.
 * Checkpoints from before batch normalisation existed are covered by the format fixtures.
 */
class DemoModelCompatibilityTest {

    // Surefire runs in engine/; the bundled model lives at the repository root.
    private static final Path DEMO = Path.of("..", "assets", "demo-model");

    @Test
    void demoCheckpointLoadsAndItsConfigDescribesTheModelItHolds() throws Exception {
        TrainedModel demo = TrainedModel.load(DEMO);
        Ds2Config ds2 = (Ds2Config) demo.config().model();

        assertThat(ds2.convBatchNorm()).isTrue();
        assertThat(fingerprintOf(demo, ds2)).isEqualTo(demo.state().modelFingerprint());
        assertThat(demo.graph().paramTable())
                .containsKey("conv1_bn_gamma")
                .doesNotContainKey("conv1_b");
        // negative control: the same model without batch norm is another architecture
        Ds2Config withoutBatchNorm =
                new Ds2Config(
                        ds2.conv(), ds2.rnnLayers(), ds2.hiddenSize(), ds2.merge(), false, false);
        assertThat(fingerprintOf(demo, withoutBatchNorm))
                .isNotEqualTo(demo.state().modelFingerprint());
    }

    private static String fingerprintOf(TrainedModel demo, ModelConfig model) {
        int features = new SpeechFeatures(demo.config().features()).featureCount();
        ComputationGraph graph =
                SpeechModels.build(
                        ModelSpecs.of(model, features, demo.alphabet().size()),
                        demo.config().optim(),
                        StepLearningRate.of(demo.config().optim(), 1, 1),
                        1);
        return ModelFingerprint.of(graph, demo.alphabet().labels());
    }
}
