package io.asrwb.app.config;

import static org.assertj.core.api.Assertions.assertThat;

import io.asrwb.engine.config.ConfigField;
import io.asrwb.engine.config.RunConfig;
import io.asrwb.engine.config.RunConfigYaml;
import io.asrwb.engine.testing.DemoSubset;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** "Fine-tune from…" on the bundled demo model, through the real hyperparameters view model. */
class FineTuneSetupTest {

    @TempDir Path tmp;

    @Test
    void fillsTheRunSetupFromTheDemoModelAndShowsIt() throws Exception {
        Path demoModel = DemoSubset.demoManifest().getParent().resolveSibling("demo-model");
        HyperparametersViewModel hyperparameters = new HyperparametersViewModel(tmp);
        hyperparameters.loadPreset("tiny");
        AtomicInteger shown = new AtomicInteger();
        FineTuneSetup setup = new FineTuneSetup(hyperparameters);
        setup.onSetUp(shown::incrementAndGet);

        String line = setup.from(demoModel);

        RunConfig now = hyperparameters.currentConfig();
        RunConfig demo = RunConfigYaml.standard().load(demoModel.resolve("train-config.yaml"));
        assertThat(now.model()).isEqualTo(demo.model());
        assertThat(Path.of(now.train().initFrom()))
                .isEqualTo(demoModel.toAbsolutePath().normalize());
        assertThat(hyperparameters.violations()).isEmpty();
        assertThat(hyperparameters.fields())
                .extracting(ConfigField::path)
                .contains("train.init_from", "train.freeze");
        assertThat(line)
                .startsWith("Fine-tuning from")
                .isEqualTo(hyperparameters.statusProperty().get());
        assertThat(shown).hasValue(1);
    }

    @Test
    void aFolderWithoutACheckpointSaysSoAndChangesNothing() {
        HyperparametersViewModel hyperparameters = new HyperparametersViewModel(tmp);
        hyperparameters.loadPreset("tiny");
        RunConfig before = hyperparameters.currentConfig();
        AtomicInteger shown = new AtomicInteger();
        FineTuneSetup setup = new FineTuneSetup(hyperparameters);
        setup.onSetUp(shown::incrementAndGet);

        assertThat(setup.from(tmp)).startsWith("Cannot fine-tune from");
        assertThat(hyperparameters.currentConfig()).isEqualTo(before);
        assertThat(shown).hasValue(0);
    }
}
