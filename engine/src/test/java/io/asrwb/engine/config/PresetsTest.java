package io.asrwb.engine.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class PresetsTest {

    @ParameterizedTest
    @ValueSource(strings = {"tiny", "small", "large"})
    void everyPresetLoadsAndValidates(String name) {
        RunConfig config = Presets.load(name);

        assertThat(config.preset()).isEqualTo(name);
        assertThat(config.validate()).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {"tiny", "small", "large"})
    void assetsCopyIsTheClassPathPreset(String name) throws IOException {
        // Surefire runs in engine/; the user-facing copy lives at the repository root.
        Path asset = Path.of("..", "assets", "presets", name + ".yaml");

        assertThat(Files.readString(asset)).isEqualTo(Presets.text(name));
    }

    @Test
    void aModelWithoutTheBatchNormFieldsHasNoBatchNorm() throws Exception {
        // a config.yaml written before the fields existed (an old checkpoint's) keeps its
        // architecture
        RunConfig old =
                RunConfigYaml.standard()
                        .read(
                                String.join(
                                        "\n",
                                        "model:",
                                        "  type: ds2",
                                        "  rnn_layers: 2",
                                        "  hidden_size: 64",
                                        ""),
                                "old config");
        Ds2Config ds2 = (Ds2Config) old.model();

        assertThat(ds2.convBatchNorm()).isFalse();
        assertThat(ds2.rnnBatchNorm()).isFalse();
    }

    @Test
    void smallHasTheShapesOfThePyTorchPeer() {
        RunConfig small = Presets.load("small");
        Ds2Config ds2 = (Ds2Config) small.model();

        assertThat(small.features().featureCount()).isEqualTo(161);
        assertThat(ds2.conv())
                .containsExactly(
                        new ConvLayer(32, 41, 11, 2, 2, 20, 5),
                        new ConvLayer(32, 21, 11, 2, 1, 10, 5));
        // ds2_torch.py: f = (161 + 40 - 41) // 2 + 1 = 81; (81 + 20 - 21) // 2 + 1 = 41; 32 × 41
        assertThat(ds2.rnnInputSize(small.features().featureCount())).isEqualTo(1312);
        // out_frames = (400 + 10 - 11) // 2 + 1
        assertThat(ds2.outputFrames(400)).isEqualTo(200);
        assertThat(ds2.rnnLayers()).isEqualTo(3);
        assertThat(ds2.hiddenSize()).isEqualTo(256);
        assertThat(ds2.merge()).isEqualTo(Ds2Config.DirectionMerge.SUM);
        // the peer has BatchNorm2d after each convolution and none between its LSTMs
        assertThat(ds2.convBatchNorm()).isTrue();
        assertThat(ds2.rnnBatchNorm()).isFalse();
    }

    @Test
    void largeIsDeepspeechPytorchsDefault() {
        RunConfig large = Presets.load("large");
        Ds2Config ds2 = (Ds2Config) large.model();

        assertThat(ds2.convBatchNorm()).isTrue();
        assertThat(ds2.rnnBatchNorm()).isTrue();
        assertThat(ds2.rnnLayers()).isEqualTo(5);
        assertThat(ds2.hiddenSize()).isEqualTo(1024);
        assertThat(large.optim().optimizer()).isEqualTo(OptimConfig.Optimizer.ADAMW);
        assertThat(large.optim().lr()).isEqualTo(1.5e-4);
        assertThat(large.optim().weightDecay()).isEqualTo(1e-5);
        assertThat(large.optim().gradClipNorm()).isEqualTo(400);
        assertThat(large.optim().schedule().anneal())
                .isEqualTo(LrScheduleConfig.Anneal.EXPONENTIAL);
        assertThat(large.optim().schedule().gamma()).isEqualTo(0.99);
        assertThat(large.data().batchSize()).isEqualTo(64);
        assertThat(large.train().epochs()).isEqualTo(60);
    }

    @Test
    void tinyIsSmallEnoughForTwoCores() {
        RunConfig tiny = Presets.load("tiny");
        Ds2Config ds2 = (Ds2Config) tiny.model();

        assertThat(tiny.features().kind()).isEqualTo(FeatureConfig.Kind.LOGMEL);
        assertThat(tiny.features().featureCount()).isEqualTo(40);
        assertThat(ds2.conv()).hasSize(1);
        assertThat(ds2.conv().get(0).channels()).isEqualTo(32);
        assertThat(ds2.conv().get(0).strideTime()).isEqualTo(3);
        assertThat(ds2.rnnLayers()).isEqualTo(1);
        assertThat(ds2.hiddenSize()).isEqualTo(128);
        assertThat(ds2.convBatchNorm()).isFalse();
        assertThat(tiny.data().batchSize()).isEqualTo(8);
        assertThat(tiny.optim().lr()).isEqualTo(5e-3);
        assertThat(tiny.optim().schedule().warmupSteps()).isEqualTo(10);
        // Fields the preset does not list keep the defaults.
        assertThat(tiny.decode()).isEqualTo(DecodeConfig.defaults());
    }
}
