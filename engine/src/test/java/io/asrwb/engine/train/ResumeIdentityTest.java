package io.asrwb.engine.train;

import static org.assertj.core.api.Assertions.assertThat;

import io.asrwb.engine.checkpoint.ModelFingerprint;
import io.asrwb.engine.config.ConfigFields;
import io.asrwb.engine.config.Conv1dLayer;
import io.asrwb.engine.config.Presets;
import io.asrwb.engine.config.RunConfig;
import io.asrwb.engine.config.Wav2LetterConfig;
import io.asrwb.engine.inference.ModelSpecs;
import io.asrwb.engine.inference.RunAlphabet;
import io.asrwb.engine.inference.SpeechFeatures;
import io.asrwb.engine.inference.TrainedModel;
import io.asrwb.engine.model.ModelSpec;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * A resume refuses a checkpoint of another model by the fingerprint of the model its config
 * describes, taken from the graph's configuration without building the graph: it must be exactly
 * the fingerprint of the built graph, for every architecture, and every committed checkpoint
 * fixture must still be accepted by its own config.
 */
class ResumeIdentityTest {

    @TestFactory
    Stream<DynamicTest> theConfigurationsFingerprintIsTheBuiltGraphs() throws Exception {
        RunConfig tiny = Presets.load("tiny");
        RunConfig batchNorm =
                ConfigFields.with(
                        ConfigFields.with(
                                ConfigFields.with(tiny, "model.conv_batch_norm", true),
                                "model.rnn_batch_norm",
                                true),
                        "model.merge",
                        "concat");
        RunConfig wav2letter =
                new RunConfig(
                        tiny.schemaVersion(),
                        tiny.preset(),
                        tiny.data(),
                        tiny.features(),
                        tiny.augment(),
                        new Wav2LetterConfig(
                                List.of(
                                        new Conv1dLayer(16, 11, 2, 1, 0.2),
                                        new Conv1dLayer(8, 1, 1, 1, 0.0))),
                        tiny.optim(),
                        tiny.train(),
                        tiny.decode(),
                        tiny.alphabet(),
                        tiny.normaliser());
        return Stream.of(
                DynamicTest.dynamicTest("tiny", () -> assertSameFingerprint(tiny)),
                DynamicTest.dynamicTest(
                        "small", () -> assertSameFingerprint(Presets.load("small"))),
                DynamicTest.dynamicTest(
                        "batch norm, concat", () -> assertSameFingerprint(batchNorm)),
                DynamicTest.dynamicTest("wav2letter", () -> assertSameFingerprint(wav2letter)));
    }

    @Test
    void anotherArchitectureHasAnotherIdentity() throws Exception {
        RunConfig tiny = Presets.load("tiny");
        RunConfig wider = ConfigFields.with(tiny, "model.hidden_size", 64);
        RunAlphabet alphabet = RunAlphabet.of(tiny.alphabet(), Path.of(""));

        assertThat(ResumePlan.expectedIdentity(wider, alphabet, spec(wider, alphabet)))
                .isNotEqualTo(ResumePlan.expectedIdentity(tiny, alphabet, spec(tiny, alphabet)));
    }

    @TestFactory
    Stream<DynamicTest> everyCheckpointFixtureIsAcceptedByItsOwnConfig() throws Exception {
        Path root = Path.of(getClass().getResource("/checkpoint-compat").toURI());
        List<Path> fixtures;
        try (Stream<Path> entries = Files.list(root)) {
            fixtures = entries.filter(p -> Files.isDirectory(p.resolve("checkpoint"))).toList();
        }
        assertThat(fixtures).isNotEmpty();
        return fixtures.stream()
                .map(
                        dir ->
                                DynamicTest.dynamicTest(
                                        dir.getFileName().toString(),
                                        () -> {
                                            TrainedModel model =
                                                    TrainedModel.load(dir.resolve("checkpoint"));
                                            RunConfig config = model.config();
                                            assertThat(
                                                            ResumePlan.expectedIdentity(
                                                                    config,
                                                                    model.alphabet(),
                                                                    spec(config, model.alphabet())))
                                                    .isEqualTo(model.state().modelIdentity());
                                        }));
    }

    private static void assertSameFingerprint(RunConfig config) throws URISyntaxException {
        RunAlphabet alphabet = RunAlphabet.of(config.alphabet(), Path.of(""));
        ModelSpec spec = spec(config, alphabet);
        StepLearningRate lr = StepLearningRate.of(config.optim(), 1, 1);
        long seed = config.train().seed();
        List<String> labels = alphabet.labels();

        String fromConfiguration =
                ModelFingerprint.of(
                        SpeechModels.configuration(spec, config.optim(), lr, seed), labels);
        String fromGraph =
                ModelFingerprint.of(SpeechModels.build(spec, config.optim(), lr, seed), labels);

        assertThat(fromConfiguration).isEqualTo(fromGraph);
    }

    private static ModelSpec spec(RunConfig config, RunAlphabet alphabet) {
        SpeechFeatures features = new SpeechFeatures(config.features());
        return ModelSpecs.of(config.model(), features.featureCount(), alphabet.size());
    }
}
