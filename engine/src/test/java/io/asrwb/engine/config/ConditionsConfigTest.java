package io.asrwb.engine.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class ConditionsConfigTest {

    private static final RunConfigYaml YAML = RunConfigYaml.standard();

    @Test
    void aConfigWrittenBeforeConditionsExistedLoadsWithThemOff() throws Exception {
        RunConfig old =
                YAML.readValidated(
                        """
                        schema_version: 1
                        preset: tiny
                        augment:
                          noise: true
                          noise_probability: 0.5
                        """,
                        "old.yaml",
                        Path.of("."));
        assertThat(old.augment().noiseBed()).isEqualTo(AugmentConfig.NoiseBed.WHITE);
        assertThat(old.augment().conditions()).isEqualTo(ConditionsConfig.defaults());
        assertThat(old.augment().conditions().anyOn()).isFalse();
        assertThat(RunConfig.defaults().augment().conditions().anyOn()).isFalse();
    }

    @Test
    void theExampleOverlayTurnsEveryStageOnAndValidates() throws Exception {
        Path example = Path.of("..", "assets", "configs", "tiny-real-conditions.yaml");
        RunConfig c =
                YAML.readValidated(
                        Files.readString(example), "tiny-real-conditions.yaml", Path.of("."));
        ConditionsConfig k = c.augment().conditions();
        assertThat(c.augment().noiseBed()).isEqualTo(AugmentConfig.NoiseBed.ANY);
        assertThat(
                        java.util.List.of(
                                k.reverbProbability(),
                                k.pitchProbability(),
                                k.bandLimitProbability(),
                                k.telephoneProbability(),
                                k.mulawProbability(),
                                k.mp3Probability(),
                                k.gainProbability(),
                                k.dcOffsetProbability(),
                                k.clipProbability()))
                .allMatch(p -> p > 0);
        // Written back and read again, it is the same config.
        assertThat(YAML.read(YAML.write(c), "written")).isEqualTo(c);
    }

    @Test
    void reversedRangesAndUnknownKeysAreRefusedWithTheirLine() {
        assertThatThrownBy(
                        () ->
                                YAML.readValidated(
                                        """
                                        augment:
                                          conditions:
                                            gain_min_db: 10
                                            gain_max_db: -10
                                        """,
                                        "bad.yaml",
                                        Path.of(".")))
                .hasMessageContaining("augment.conditions.gain_min_db");
        assertThatThrownBy(
                        () ->
                                YAML.read(
                                        """
                                        augment:
                                          conditions:
                                            reverb_probabilty: 0.5
                                        """,
                                        "typo.yaml"))
                .hasMessageContaining("reverb_probability");
    }
}
