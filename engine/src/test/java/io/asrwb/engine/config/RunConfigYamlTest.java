package io.asrwb.engine.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class RunConfigYamlTest {

    @TempDir Path dir;

    private final RunConfigYaml yaml = RunConfigYaml.standard();

    private Path file(String name, String text) throws IOException {
        Path path = dir.resolve(name);
        Files.writeString(path, text);
        return path;
    }

    private ConfigProblem onlyProblem(ConfigException e) {
        assertThat(e.problems()).hasSize(1);
        return e.problems().get(0);
    }

    private ConfigException loadFails(String name, String text) throws IOException {
        Path path = file(name, text);
        try {
            yaml.loadValidated(path);
        } catch (ConfigException e) {
            return e;
        }
        throw new AssertionError("expected " + name + " to be refused");
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "tiny", "small", "large"})
    void saveThenLoadGivesTheSameConfig(String preset) throws Exception {
        RunConfig original = preset.isEmpty() ? RunConfig.defaults() : Presets.load(preset);
        Path path = dir.resolve("run.yaml");

        yaml.save(original, path);

        assertThat(yaml.load(path)).isEqualTo(original);
    }

    @Test
    void roundTripKeepsEditedValuesAndAnotherModelType() throws Exception {
        RunConfig edited = ConfigFields.with(Presets.load("tiny"), "optim.lr", 0.0123);
        edited = ConfigFields.with(edited, "model.type", "wav2letter");
        edited = ConfigFields.with(edited, "data.val_splits", List.of());
        edited = ConfigFields.with(edited, "normaliser.alphabet", "abc' ");
        Path path = dir.resolve("edited.yaml");

        yaml.save(edited, path);

        assertThat(yaml.load(path)).isEqualTo(edited);
        assertThat(Files.readString(path))
                .contains("type: wav2letter", "optimizer: adam", "lr: 0.0123", "preset: tiny");
    }

    @Test
    void emptyFileIsTheDefaults() throws Exception {
        assertThat(yaml.load(file("empty.yaml", ""))).isEqualTo(RunConfig.defaults());
    }

    @Test
    void partialFileOverlaysTheDefaults() throws Exception {
        RunConfig config =
                yaml.load(
                        file(
                                "partial.yaml",
                                """
                                optim:
                                  lr: 2.5e-4
                                  schedule:
                                    warmup_steps: 7
                                """));

        RunConfig defaults = RunConfig.defaults();
        assertThat(config.optim().lr()).isEqualTo(2.5e-4);
        assertThat(config.optim().schedule().warmupSteps()).isEqualTo(7);
        assertThat(config.optim().schedule().anneal())
                .isEqualTo(defaults.optim().schedule().anneal());
        assertThat(config.optim().beta2()).isEqualTo(defaults.optim().beta2());
        assertThat(config.data()).isEqualTo(defaults.data());
        assertThat(ConfigDiff.diff(defaults, config))
                .extracting(FieldDifference::path)
                .containsExactly("optim.lr", "optim.schedule.warmup_steps");
    }

    @Test
    void fileNamingAPresetOverlaysThatPreset() throws Exception {
        RunConfig config =
                yaml.load(
                        file(
                                "mine.yaml",
                                """
                                preset: tiny
                                model:
                                  hidden_size: 96
                                train:
                                  seed: 7
                                """));

        RunConfig tiny = Presets.load("tiny");
        assertThat(config.preset()).isEqualTo("tiny");
        assertThat(ConfigDiff.diff(tiny, config))
                .extracting(FieldDifference::path)
                .containsExactly("model.hidden_size", "train.seed");
        assertThat(((Ds2Config) config.model()).conv())
                .isEqualTo(((Ds2Config) tiny.model()).conv());
    }

    @Test
    void aListReplacesTheListBelowItWhole() throws Exception {
        RunConfig config =
                yaml.load(
                        file(
                                "conv.yaml",
                                """
                                preset: small
                                model:
                                  conv:
                                    - {channels: 8, kernel_freq: 3, kernel_time: 3, stride_freq: 1, stride_time: 1, pad_freq: 1, pad_time: 1}
                                """));

        assertThat(((Ds2Config) config.model()).conv())
                .containsExactly(new ConvLayer(8, 3, 3, 1, 1, 1, 1));
        assertThat(((Ds2Config) config.model()).rnnLayers()).isEqualTo(3);
    }

    @Test
    void anotherModelTypeStartsFromItsDefaults() throws Exception {
        RunConfig config =
                yaml.load(
                        file(
                                "w2l.yaml",
                                """
                                preset: small
                                model:
                                  type: wav2letter
                                """));

        assertThat(config.model()).isEqualTo(Wav2LetterConfig.defaults());
    }

    @Test
    void unknownFieldNamesFileLinePathAndSuggestion() throws Exception {
        ConfigException e =
                loadFails(
                        "tiny.yaml",
                        """
                        optim:
                          lr: 0.01
                          lerning_rate: 0.001
                        """);

        ConfigProblem p = onlyProblem(e);
        assertThat(p.line()).isEqualTo(3);
        assertThat(p.path()).isEqualTo("optim.lerning_rate");
        assertThat(p.toString())
                .isEqualTo(
                        "tiny.yaml line 3, column 3: optim.lerning_rate:"
                                + " unknown field 'lerning_rate' (did you mean 'lr'?)");
    }

    @Test
    void misspeltFieldGetsTheNearestName() throws Exception {
        ConfigProblem p =
                onlyProblem(
                        loadFails(
                                "typo.yaml",
                                """
                                train:
                                  epochs: 3
                                  eval_evry_steps: 10
                                """));

        assertThat(p.toString())
                .contains(
                        "typo.yaml line 3",
                        "train.eval_evry_steps",
                        "did you mean 'eval_every_steps'?");
    }

    @Test
    void unknownSectionIsReported() throws Exception {
        ConfigProblem p = onlyProblem(loadFails("section.yaml", "\n\noptimiser:\n  lr: 1\n"));

        assertThat(p.line()).isEqualTo(3);
        assertThat(p.message()).contains("did you mean 'optim'?");
    }

    @Test
    void unknownFieldInAListElementHasItsIndex() throws Exception {
        ConfigException e =
                loadFails(
                        "conv.yaml",
                        """
                        model:
                          conv:
                            - {channels: 8, kernel_freq: 3, kernel_time: 3, stride_freq: 1, stride_time: 1, pad_freq: 1, pad_time: 1}
                            - {chanels: 8, kernel_freq: 3, kernel_time: 3, stride_freq: 1, stride_time: 1}
                        """);

        assertThat(e.problems()).hasSize(2);
        ConfigProblem unknown = e.problems().get(0);
        assertThat(unknown.path()).isEqualTo("model.conv[1].chanels");
        assertThat(unknown.line()).isEqualTo(4);
        assertThat(unknown.message()).contains("did you mean 'channels'?");
        assertThat(e.problems().get(1).toString())
                .isEqualTo(
                        "conv.yaml line 4, column 7: model.conv[1]: missing channels, pad_freq,"
                                + " pad_time (a list element gives every field)");
    }

    @Test
    void wrongTypeNamesWhatWasExpected() throws Exception {
        ConfigProblem p =
                onlyProblem(
                        loadFails(
                                "type.yaml",
                                """
                                data:
                                  batch_size: sixteen
                                """));

        assertThat(p.toString())
                .isEqualTo(
                        "type.yaml line 2, column 3: data.batch_size: expected a whole number, got"
                                + " 'sixteen'");
    }

    @Test
    void mappingWhereANumberBelongsIsReported() throws Exception {
        ConfigProblem p =
                onlyProblem(
                        loadFails(
                                "type.yaml",
                                """
                                optim:
                                  lr:
                                    value: 1
                                """));

        assertThat(p.path()).isEqualTo("optim.lr");
        assertThat(p.line()).isEqualTo(2);
        assertThat(p.message()).isEqualTo("expected a number, got a mapping");
    }

    @Test
    void outOfRangeValueIsRefusedWithLine() throws Exception {
        ConfigException e =
                loadFails(
                        "tiny.yaml",
                        """
                        preset: tiny
                        data:
                          batch_size: 4
                        # a comment
                        optim:
                          optimizer: adamw

                          lr: -0.1
                        """);

        assertThat(onlyProblem(e).toString())
                .isEqualTo("tiny.yaml line 8, column 3: optim.lr: must be > 0 and ≤ 10, got -0.1");
    }

    @Test
    void badEnumListsTheChoices() throws Exception {
        ConfigProblem p =
                onlyProblem(
                        loadFails(
                                "enum.yaml",
                                """
                                optim:
                                  optimizer: adagrad
                                """));

        assertThat(p.toString())
                .isEqualTo(
                        "enum.yaml line 2, column 3: optim.optimizer: must be"
                                + " adam, adamw or sgd-nesterov, got 'adagrad'");
    }

    @Test
    void enumValuesAreReadInAnySpelling() throws Exception {
        RunConfig config =
                yaml.load(
                        file(
                                "enum.yaml",
                                """
                                optim:
                                  optimizer: SGD_Nesterov
                                features:
                                  normalisation: per_utterance
                                """));

        assertThat(config.optim().optimizer()).isEqualTo(OptimConfig.Optimizer.SGD_NESTEROV);
        assertThat(config.features().normalisation())
                .isEqualTo(FeatureConfig.Normalisation.PER_UTTERANCE);
    }

    @Test
    void badModelTypeIsReported() throws Exception {
        ConfigProblem p =
                onlyProblem(
                        loadFails(
                                "model.yaml",
                                """
                                model:
                                  type: transformer
                                """));

        assertThat(p.toString())
                .isEqualTo(
                        "model.yaml line 2, column 3: model.type: must be ds2 or wav2letter or"
                                + " quartznet, got 'transformer'");
    }

    @Test
    void nullValueIsRefused() throws Exception {
        ConfigProblem p = onlyProblem(loadFails("null.yaml", "train:\n  epochs: ~\n"));

        assertThat(p.path()).isEqualTo("train.epochs");
        assertThat(p.line()).isEqualTo(2);
        assertThat(p.message()).contains("a value is required");
    }

    @Test
    void unknownPresetSuggestsTheNearest() throws Exception {
        ConfigProblem p = onlyProblem(loadFails("preset.yaml", "preset: tinny\n"));

        assertThat(p.toString())
                .startsWith(
                        "preset.yaml line 1, column 1: preset: unknown preset"
                                + " 'tinny' (did you mean 'tiny'?)");
    }

    @Test
    void yamlSyntaxErrorHasItsLine() throws Exception {
        ConfigProblem p = onlyProblem(loadFails("broken.yaml", "optim:\n  lr: [1, 2\ntrain: {\n"));

        assertThat(p.source()).isEqualTo("broken.yaml");
        assertThat(p.line()).isGreaterThan(1);
        assertThat(p.message()).startsWith("not valid YAML");
    }

    @Test
    void duplicateKeyIsRefused() throws Exception {
        ConfigProblem p = onlyProblem(loadFails("dup.yaml", "optim:\n  lr: 0.1\n  lr: 0.2\n"));

        assertThat(p.line()).isEqualTo(3);
        assertThat(p.message()).contains("lr");
    }

    @Test
    void severalViolationsAreAllReported() throws Exception {
        ConfigException e =
                loadFails(
                        "many.yaml",
                        """
                        data:
                          batch_size: 0
                          min_duration_s: 20
                        decode:
                          beam_width: 0
                        """);

        assertThat(e.problems())
                .extracting(ConfigProblem::path)
                .containsExactlyInAnyOrder(
                        "data.batch_size", "data.min_duration_s", "decode.beam_width");
        assertThat(e.getMessage())
                .contains("many.yaml line 2", "many.yaml line 3", "many.yaml line 5");
    }

    @Test
    void newerSchemaIsRefused() throws Exception {
        ConfigProblem p = onlyProblem(loadFails("new.yaml", "schema_version: 3\n"));

        assertThat(p.toString())
                .startsWith(
                        "new.yaml line 1, column 1: schema_version: written for"
                                + " schema_version 3, but this ASR Workbench reads up to 2");
    }

    @Test
    void currentSchemaLoads() throws Exception {
        assertThat(yaml.load(file("v2.yaml", "schema_version: 2\n")))
                .isEqualTo(RunConfig.defaults());
        assertThat(yaml.load(file("v1.yaml", "schema_version: 1\n")))
                .isEqualTo(RunConfig.defaults());
    }

    @Test
    void version1MeantNoBatchNormWhateverThePreset() throws Exception {
        // an old run of the small preset: its model had no batch norm, which small now turns on
        Ds2Config v1 =
                (Ds2Config)
                        yaml.load(file("v1small.yaml", "schema_version: 1\npreset: small\n"))
                                .model();
        Ds2Config v1Model =
                (Ds2Config)
                        yaml.load(
                                        file(
                                                "v1model.yaml",
                                                "schema_version: 1\n"
                                                        + "preset: large\n"
                                                        + "model:\n"
                                                        + "  type: ds2\n"
                                                        + "  rnn_layers: 2\n"
                                                        + "  rnn_batch_norm: true\n"))
                                .model();
        Ds2Config current = (Ds2Config) yaml.load(file("small.yaml", "preset: small\n")).model();

        assertThat(v1.convBatchNorm()).isFalse();
        assertThat(v1.rnnBatchNorm()).isFalse();
        assertThat(v1Model.convBatchNorm()).isFalse();
        assertThat(v1Model.rnnBatchNorm()).isTrue();
        assertThat(current.convBatchNorm()).isTrue();
    }

    @Test
    void olderSchemaIsMigratedByTheRegisteredStep() throws Exception {
        // A made-up version 0 that called the learning rate "learning_rate": the hook a real
        // format change will use.
        SchemaMigrations withV0 =
                new SchemaMigrations(
                        1,
                        java.util.Map.of(
                                0,
                                tree -> {
                                    var optim =
                                            (com.fasterxml.jackson.databind.node.ObjectNode)
                                                    tree.get("optim");
                                    optim.set("lr", optim.remove("learning_rate"));
                                }));
        Path old = file("old.yaml", "schema_version: 0\noptim:\n  learning_rate: 0.02\n");

        RunConfig config = new RunConfigYaml(withV0).load(old);

        assertThat(config.schemaVersion()).isEqualTo(RunConfig.CURRENT_SCHEMA_VERSION);
        assertThat(config.optim().lr()).isEqualTo(0.02);
        assertThatThrownBy(() -> yaml.load(old))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("schema_version 0 is not supported");
    }

    @Test
    void missingFileIsReportedByName() {
        Path missing = dir.resolve("nope.yaml");

        assertThatThrownBy(() -> yaml.load(missing))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("nope.yaml")
                .hasMessageContaining("cannot read");
    }

    @Test
    void lmPathIsResolvedAgainstTheConfigFolder() throws Exception {
        String text = "decode:\n  decoder: beam\n  lm_path: lm.arpa\n";
        ConfigProblem p = onlyProblem(loadFails("lm.yaml", text));
        assertThat(p.path()).isEqualTo("decode.lm_path");
        assertThat(p.line()).isEqualTo(3);

        file("lm.arpa", "\\data\\\n");

        assertThat(yaml.loadValidated(dir.resolve("lm.yaml")).decode().usesLanguageModel())
                .isTrue();
    }
}
