package io.asrwb.engine.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class ConfigFieldsTest {

    @Test
    void everyLeafHasADescriptionAndASection() {
        List<ConfigField> fields = ConfigFields.of(RunConfig.defaults());

        assertThat(fields).allSatisfy(f -> assertThat(f.description()).as(f.path()).isNotBlank());
        assertThat(fields)
                .filteredOn(f -> !f.section().isEmpty())
                .extracting(ConfigField::section)
                .containsOnly(
                        "data",
                        "features",
                        "augment",
                        "model",
                        "optim",
                        "train",
                        "decode",
                        "alphabet",
                        "normaliser");
        assertThat(fields)
                .extracting(ConfigField::path)
                .contains(
                        "schema_version",
                        "optim.lr",
                        "optim.schedule.warmup_steps",
                        "model.type",
                        "model.conv[1].pad_time",
                        "normaliser.letter_case");
    }

    @Test
    void leafCarriesTypeRangeAndChoices() {
        RunConfig config = RunConfig.defaults();

        ConfigField lr = ConfigFields.find(config, "optim.lr").orElseThrow();
        assertThat(lr.type()).isEqualTo(Double.class);
        assertThat(lr.value()).isEqualTo(1e-3);
        assertThat(lr.range()).hasValueSatisfying(r -> assertThat(r.minExclusive()).isTrue());
        assertThat(lr.name()).isEqualTo("lr");

        ConfigField optimizer = ConfigFields.find(config, "optim.optimizer").orElseThrow();
        assertThat(optimizer.choices()).containsExactly("adam", "adamw", "sgd-nesterov");
        assertThat(ConfigFields.find(config, "model.type").orElseThrow().choices())
                .containsExactly("ds2", "wav2letter", "quartznet");
        assertThat(ConfigFields.find(config, "model.conv[0].channels").orElseThrow().name())
                .isEqualTo("channels");
    }

    @Test
    void withSetsOneLeafAndLeavesTheRest() {
        RunConfig base = Presets.load("small");

        RunConfig changed = ConfigFields.with(base, "model.conv[0].channels", 48);
        changed = ConfigFields.with(changed, "train.device", "cuda");
        changed = ConfigFields.with(changed, "optim.schedule.warmup_steps", 10);

        assertThat(ConfigDiff.diff(base, changed))
                .containsExactly(
                        new FieldDifference("model.conv[0].channels", 32, 48),
                        new FieldDifference("optim.schedule.warmup_steps", 500L, 10L),
                        new FieldDifference(
                                "train.device", TrainConfig.Device.CPU, TrainConfig.Device.CUDA));
        assertThat(base.model()).isEqualTo(Presets.load("small").model());
    }

    @Test
    void withRefusesUnknownPathsAndBadValues() {
        RunConfig c = RunConfig.defaults();

        assertThatThrownBy(() -> ConfigFields.with(c, "optim.lerning_rate", 1.0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("optim.lerning_rate");
        assertThatThrownBy(() -> ConfigFields.with(c, "optim.optimizer", "adagrad"))
                .hasMessageContaining("adam, adamw or sgd-nesterov");
        assertThatThrownBy(() -> ConfigFields.with(c, "model.conv[5].channels", 1))
                .hasMessageContaining("model.conv[5].channels");
    }

    @Test
    void diffOfEqualConfigsIsEmptyAndIgnoresThePresetName() {
        assertThat(ConfigDiff.diff(Presets.load("tiny"), Presets.load("tiny").withPreset("")))
                .isEmpty();
    }

    @Test
    void diffAcrossModelTypesListsBothModels() {
        RunConfig ds2 = RunConfig.defaults();
        RunConfig w2l = ConfigFields.with(ds2, "model.type", "wav2letter");

        List<FieldDifference> diff = ConfigDiff.diff(ds2, w2l);

        assertThat(diff.get(0)).isEqualTo(new FieldDifference("model.type", "ds2", "wav2letter"));
        assertThat(diff)
                .extracting(FieldDifference::path)
                .contains("model.rnn_layers", "model.layers[0].kernel");
        assertThat(diff)
                .filteredOn(d -> d.path().equals("model.rnn_layers"))
                .extracting(FieldDifference::right)
                .containsOnlyNulls();
    }

    @Test
    void presetsDifferFromEachOtherWhereExpected() {
        List<String> paths =
                ConfigDiff.diff(Presets.load("small"), Presets.load("large")).stream()
                        .map(FieldDifference::path)
                        .toList();

        assertThat(paths)
                .contains("model.rnn_layers", "model.hidden_size", "optim.optimizer")
                .doesNotContain("model.conv[0].kernel_freq", "features.kind");
    }
}
