package io.asrwb.engine.data.augment;

import static io.asrwb.engine.data.augment.DebianSounds.BIG_HALL;
import static io.asrwb.engine.data.augment.DebianSounds.CROWD_DIR;
import static io.asrwb.engine.data.augment.DebianSounds.MUSIC_ON_HOLD;
import static io.asrwb.engine.data.augment.DebianSounds.SEASHORE;
import static io.asrwb.engine.data.augment.DebianSounds.STAIRWELL;
import static io.asrwb.engine.data.augment.DebianSounds.folderOf;
import static io.asrwb.engine.data.augment.DebianSounds.require;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.asrwb.engine.config.AugmentConfig;
import io.asrwb.engine.config.ConditionsConfig;
import io.asrwb.engine.data.random.StableRandom;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Recorded rooms and backgrounds through the whole augmenter, on Debian's files. */
class RecordedConditionsTest {

    @TempDir Path tmp;

    private AugmentConfig config(double rir, double noise) throws IOException {
        Path rooms = folderOf(tmp.resolve("rooms"), STAIRWELL, BIG_HALL);
        Path sea = folderOf(tmp.resolve("sea"), SEASHORE);
        ConditionsConfig c =
                ConditionsConfig.defaults()
                        .withRecorded(
                                rir,
                                List.of(rooms.toString()),
                                noise,
                                List.of(require(CROWD_DIR).toString(), sea.toString()));
        return AugmentConfig.defaults().withConditions(c);
    }

    @Test
    void backgroundIsMixedAtTheDrawnSnrWithinATenthOfADecibel() throws Exception {
        Augmenter a = Augmenter.of(config(0, 1), 11, tmp);
        float[] voice = DebianSounds.voice();
        for (int u = 0; u < 8; u++) {
            AugmentedAudio out = a.samples(voice, 0, "utt-" + u);
            assertThat(out.backgroundSnrDb()).isBetween(5.0, 20.0);
            double noise = 0;
            for (int i = 0; i < voice.length; i++) {
                double d = (double) out.samples()[i] - voice[i];
                noise += d * d;
            }
            double snr = 10 * Math.log10(NoiseMixer.energy(voice) / noise);
            assertThat(snr).isCloseTo(out.backgroundSnrDb(), within(0.1));
        }
    }

    @Test
    void aShortBackgroundLoopsFromARandomOffset() throws IOException {
        NoiseClips crowd = NoiseClips.loadBackground(List.of(require(CROWD_DIR)));
        assertThat(crowd.names()).hasSize(17).startsWith("crowd01.wav");
        // 8-bit 22.05 kHz, 7.05 s: at 16 kHz 112,800 samples (±1 for the resampler's rounding).
        assertThat(crowd.clips().get(0).length).isCloseTo(112_798, within(3));
        StableRandom r = StableRandom.of(4);
        float[] drawn = crowd.draw(20 * 16_000, r);
        StableRandom same = StableRandom.of(4);
        float[] clip = crowd.clips().get(same.nextInt(crowd.clips().size()));
        int offset = same.nextInt(clip.length);
        for (int i = 0; i < drawn.length; i += 997) {
            assertThat(drawn[i]).isEqualTo(clip[(offset + i) % clip.length]);
        }
    }

    @Test
    void aLongFileIsCutAtTheCapAndAHugeFolderIsRefusedByName() throws IOException {
        // Music on hold: 16-bit 8 kHz, up to 321 s a file; only the first 300 s are decoded.
        NoiseClips music = NoiseClips.loadBackground(List.of(require(MUSIC_ON_HOLD)));
        assertThat(music.names()).contains("reno_project-system.wav");
        int longest = music.clips().stream().mapToInt(c -> c.length).max().orElseThrow();
        assertThat(longest).isEqualTo(300 * 16_000);
        assertThatThrownBy(
                        () ->
                                RecordedFolders.load(
                                        List.of(CROWD_DIR),
                                        "augment.conditions.noise_dirs",
                                        300,
                                        60))
                .isInstanceOf(IOException.class)
                .hasMessageContaining(CROWD_DIR.toString())
                .hasMessageContaining("more than the 60 s kept in memory");
    }

    @Test
    void sameSeedGivesTheSameBitsAnotherSeedOthers() throws Exception {
        AugmentConfig cfg = config(1, 1);
        cfg =
                cfg.withConditions(
                        cfg.conditions()
                                .withVtlp(1, 0.9, 1.1)
                                .withRecorded(
                                        1,
                                        cfg.conditions().rirDirs(),
                                        1,
                                        cfg.conditions().noiseDirs()));
        float[] voice = DebianSounds.voice();
        float[] x = Augmenter.of(cfg, 5, tmp).samples(voice, 2, "fox").samples();
        float[] y = Augmenter.of(cfg, 5, tmp).samples(voice, 2, "fox").samples();
        float[] z = Augmenter.of(cfg, 6, tmp).samples(voice, 2, "fox").samples();
        assertThat(y).isEqualTo(x);
        assertThat(z).isNotEqualTo(x);
        assertThat(x).isNotEqualTo(voice).hasSize(voice.length);
    }

    @Test
    void recordedStagesLeaveTheOtherStagesDrawsAlone() throws Exception {
        AugmentConfig base =
                new AugmentConfig(false, 2, 15, 2, 20, true, 0.9, 1.1, true, "", 1.0, 0, 20);
        AugmentConfig with = base.withConditions(config(1, 1).conditions());
        float[] voice = DebianSounds.voice();
        AugmentedAudio off = Augmenter.of(base, 9, tmp).samples(voice, 1, "fox");
        AugmentedAudio on = Augmenter.of(with, 9, tmp).samples(voice, 1, "fox");
        assertThat(on.speedFactor()).isEqualTo(off.speedFactor());
        assertThat(on.snrDb()).isEqualTo(off.snrDb());
        assertThat(on.samples()).isNotEqualTo(off.samples());
    }

    @Test
    void aStageSwitchedOnWithoutFoldersIsRefused() {
        ConditionsConfig c = ConditionsConfig.defaults().withRecorded(0.5, List.of(), 0, List.of());
        assertThatThrownBy(() -> Augmenter.of(AugmentConfig.defaults().withConditions(c), 1, tmp))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("augment.conditions.rir_dirs names no folder");
    }
}
