package io.asrwb.engine.train.finetune;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.asrwb.engine.config.Presets;
import io.asrwb.engine.config.RunConfig;
import io.asrwb.engine.config.RunConfigYaml;
import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The run setup "Fine-tune from…" opens, on the bundled demo model. */
class FineTuneConfigTest {

    private static final Path DEMO_MODEL = Path.of("..", "assets", "demo-model");

    @Test
    void takesModelFeaturesAndAlphabetFromTheCheckpointAndKeepsTheRest() throws Exception {
        RunConfig tiny = Presets.load("tiny");
        RunConfig demo = RunConfigYaml.standard().load(DEMO_MODEL.resolve("train-config.yaml"));

        RunConfig setup = FineTuneConfig.from(tiny, DEMO_MODEL);

        assertThat(setup.model()).isEqualTo(demo.model()).isNotEqualTo(tiny.model());
        assertThat(setup.features()).isEqualTo(demo.features());
        assertThat(setup.data()).isEqualTo(tiny.data());
        assertThat(setup.optim()).isEqualTo(tiny.optim());
        assertThat(Path.of(setup.train().initFrom()))
                .isEqualTo(DEMO_MODEL.toAbsolutePath().normalize());
        assertThat(setup.train().freeze()).isEmpty();
        assertThat(setup.validate(Path.of(""))).isEmpty();
    }

    @Test
    void aFolderWithoutACheckpointIsRefused(@TempDir Path empty) {
        assertThatThrownBy(() -> FineTuneConfig.from(Presets.load("tiny"), empty))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("holds no complete checkpoint");
    }
}
