package io.asrwb.app.config;

import static org.assertj.core.api.Assertions.assertThat;

import io.asrwb.engine.config.ConfigField;
import io.asrwb.engine.config.ConfigViolation;
import io.asrwb.engine.config.FieldDifference;
import io.asrwb.engine.config.OptimConfig;
import io.asrwb.engine.config.Presets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The hyperparameters view model on the real presets, validator and YAML files. */
class HyperparametersViewModelTest {

    @TempDir Path tmp;

    private HyperparametersViewModel tinyPreset() {
        HyperparametersViewModel vm = new HyperparametersViewModel(tmp);
        vm.loadPreset("tiny");
        return vm;
    }

    @Test
    void tinyPresetIsValidAndRunnable() {
        HyperparametersViewModel vm = tinyPreset();

        assertThat(vm.presetProperty().get()).isEqualTo("tiny");
        assertThat(vm.currentConfig()).isEqualTo(Presets.load("tiny"));
        assertThat(vm.violations()).isEmpty();
        assertThat(vm.runEnabledProperty().get()).isTrue();
        assertThat(vm.diffAgainstPreset()).isEmpty();
        assertThat(vm.fields())
                .extracting(ConfigField::path)
                .contains("optim.lr", "model.type", "train.max_steps")
                .doesNotContain("preset");
    }

    @Test
    void negativeLearningRateNamesTheFieldAndDisablesRunUntilFixed() {
        HyperparametersViewModel vm = tinyPreset();
        double presetLr = vm.currentConfig().optim().lr();

        assertThat(vm.set("optim.lr", -1.0)).isTrue();

        assertThat(vm.currentConfig().optim().lr()).isEqualTo(-1.0);
        assertThat(vm.violations()).extracting(ConfigViolation::path).containsExactly("optim.lr");
        assertThat(vm.violations().get(0).toString()).startsWith("optim.lr: must be > 0");
        assertThat(vm.runEnabledProperty().get()).isFalse();
        assertThat(vm.valueOf("optim.lr")).contains(-1.0);

        vm.set("optim.lr", 0.002);

        assertThat(vm.violations()).isEmpty();
        assertThat(vm.runEnabledProperty().get()).isTrue();
        assertThat(vm.diffAgainstPreset())
                .containsExactly(new FieldDifference("optim.lr", presetLr, 0.002));
    }

    @Test
    void enumsAcceptWrittenValuesAndWrongTypesAreRefusedWithAMessage() {
        HyperparametersViewModel vm = tinyPreset();

        assertThat(vm.set("optim.optimizer", "sgd_nesterov")).isTrue();
        assertThat(vm.currentConfig().optim().optimizer())
                .isEqualTo(OptimConfig.Optimizer.SGD_NESTEROV);

        assertThat(vm.set("optim.lr", "fast")).isFalse();
        assertThat(vm.statusProperty().get()).contains("optim.lr");
        assertThat(vm.set("no.such.field", 1)).isFalse();
        assertThat(vm.statusProperty().get()).contains("no.such.field");
    }

    @Test
    void writingTheCurrentModelTypeBackKeepsThePresetsModel() {
        HyperparametersViewModel vm = tinyPreset();

        assertThat(vm.set("model.type", vm.valueOf("model.type").orElseThrow())).isFalse();
        assertThat(
                        vm.set(
                                "optim.optimizer",
                                vm.valueOf("optim.optimizer").orElseThrow().toString()))
                .isFalse();

        assertThat(vm.currentConfig()).isEqualTo(Presets.load("tiny"));
    }

    @Test
    void changingTheModelTypeReshapesTheFields() {
        HyperparametersViewModel vm = tinyPreset();
        var before = vm.fields().stream().map(ConfigField::path).toList();

        String other = vm.valueOf("model.type").orElseThrow().equals("ds2") ? "wav2letter" : "ds2";
        vm.set("model.type", other);

        assertThat(vm.valueOf("model.type")).contains(other);
        assertThat(vm.fields().stream().map(ConfigField::path).toList()).isNotEqualTo(before);
        assertThat(vm.diffAgainstPreset()).extracting(FieldDifference::path).contains("model.type");
    }

    @Test
    void saveThenLoadRoundTrips() throws Exception {
        HyperparametersViewModel vm = tinyPreset();
        vm.set("optim.lr", 0.0042);
        vm.set("data.batch_size", 7);
        Path file = tmp.resolve("my-run.yaml");

        assertThat(vm.save(file)).isTrue();
        assertThat(Files.readString(file)).contains("0.0042");

        HyperparametersViewModel other = new HyperparametersViewModel(tmp);
        assertThat(other.load(file)).isTrue();
        assertThat(other.currentConfig()).isEqualTo(vm.currentConfig());
        assertThat(other.presetProperty().get()).isEqualTo("tiny");
        assertThat(other.diffAgainstPreset())
                .extracting(FieldDifference::path)
                .containsExactlyInAnyOrder("optim.lr", "data.batch_size");
    }

    @Test
    void aBrokenFileIsReportedByName() throws Exception {
        HyperparametersViewModel vm = tinyPreset();
        Path file = tmp.resolve("broken.yaml");
        Files.writeString(file, "optim:\n  learning_speed: 3\n");

        assertThat(vm.load(file)).isFalse();
        assertThat(vm.statusProperty().get()).contains("broken.yaml");
        assertThat(vm.currentConfig()).isEqualTo(Presets.load("tiny"));
    }
}
