package io.asrwb.engine.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.asrwb.engine.data.augment.Augmenter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
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
    void theRealRoomsExampleReadsItsListsAndItsFoldersLoad() throws Exception {
        Path example = Path.of("..", "assets", "configs", "real-rooms.yaml");
        RunConfig c =
                YAML.readValidated(Files.readString(example), "real-rooms.yaml", Path.of("."));
        ConditionsConfig k = c.augment().conditions();
        assertThat(k.rirDirs()).containsExactly("/usr/share/jconvolver/config-files/demo-reverbs");
        assertThat(k.noiseDirs())
                .containsExactly("/usr/share/games/etw/crowd", "/usr/share/asterisk/moh");
        assertThat(List.of(k.rirProbability(), k.noiseProbability(), k.vtlpProbability()))
                .allMatch(p -> p > 0);
        assertThat(YAML.read(YAML.write(c), "written")).isEqualTo(c);
        float[] voice = new float[32_000];
        for (int i = 0; i < voice.length; i++) {
            voice[i] = (float) (0.3 * Math.sin(i * 0.07));
        }
        Augmenter a = Augmenter.of(c.augment(), c.train().seed(), Path.of("."));
        assertThat(a.samples(voice, 0, "u").samples()).hasSize(voice.length);
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
