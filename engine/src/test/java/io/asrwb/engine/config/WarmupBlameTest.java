package io.asrwb.engine.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** A rule between two fields blames the one the user wrote, not the preset's line. */
class WarmupBlameTest {

    @Test
    void maxStepsBelowThePresetsWarmupIsBlamedOnTheUsersLine() {
        String yaml = "preset: tiny\ntrain:\n  max_steps: 5\n";
        assertThatThrownBy(
                        () -> RunConfigYaml.standard().readValidated(yaml, "my.yaml", Path.of("")))
                .isInstanceOf(ConfigException.class)
                .hasMessageStartingWith(
                        "my.yaml line 3, column 3: train.max_steps: must be at least"
                                + " optim.schedule.warmup_steps (10), got 5")
                .hasMessageNotContaining("presets/tiny.yaml");
    }

    @Test
    void aWarmupTheUserWroteIsStillBlamedOnItsOwnLine() {
        String yaml =
                "preset: tiny\n"
                        + "optim:\n"
                        + "  schedule:\n"
                        + "    warmup_steps: 50\n"
                        + "train:\n"
                        + "  max_steps: 20\n";
        assertThatThrownBy(
                        () -> RunConfigYaml.standard().readValidated(yaml, "my.yaml", Path.of("")))
                .hasMessageStartingWith("my.yaml line 4")
                .hasMessageContaining(
                        "optim.schedule.warmup_steps: must not exceed train.max_steps (20)");
    }

    @Test
    void withoutSourcesTheRuleStaysOnTheWarmup() {
        RunConfig c = Presets.load("tiny");
        TrainConfig t = c.train();
        RunConfig short5 =
                new RunConfig(
                        c.schemaVersion(),
                        c.preset(),
                        c.data(),
                        c.features(),
                        c.augment(),
                        c.model(),
                        c.optim(),
                        t.withMaxSteps(5),
                        c.decode(),
                        c.alphabet(),
                        c.normaliser());
        assertThat(short5.validate())
                .extracting(ConfigViolation::path)
                .containsExactly("optim.schedule.warmup_steps");
    }
}
