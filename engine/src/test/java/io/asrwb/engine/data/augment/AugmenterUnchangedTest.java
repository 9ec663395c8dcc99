package io.asrwb.engine.data.augment;

import static org.assertj.core.api.Assertions.assertThat;

import io.asrwb.engine.config.AugmentConfig;
import io.asrwb.engine.data.random.StableRandom;
import java.nio.ByteBuffer;
import java.security.MessageDigest;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;

/**
 * With the recording conditions off (the default), augmentation gives exactly the samples and
 * masks it gave before they existed: the digests below were taken on the code before them.
 */
class AugmenterUnchangedTest {

    @Test
    void speedNoiseAndSpecAugmentGiveTheSameBitsAsBeforeConditionsExisted() throws Exception {
        AugmentConfig cfg =
                new AugmentConfig(true, 2, 15, 2, 20, true, 0.9, 1.1, true, "", 1.0, 0, 20);
        Augmenter a = Augmenter.of(cfg, 2024, GeneratedNoise.WHITE);
        MessageDigest md = MessageDigest.getInstance("SHA-256");
        for (int u = 0; u < 5; u++) {
            float[] clean = new float[12_000 + 1_000 * u];
            StableRandom r = StableRandom.of(u);
            for (int i = 0; i < clean.length; i++) {
                clean[i] = (float) (0.3 * Math.sin(i * 0.05 * (u + 1)) + 0.01 * r.nextGaussian());
            }
            AugmentedAudio out = a.samples(clean, 3, "utt-" + u);
            ByteBuffer b = ByteBuffer.allocate(out.samples().length * 4);
            b.asFloatBuffer().put(out.samples());
            md.update(b);
            float[][] frames = new float[100][40];
            for (float[] row : frames) {
                java.util.Arrays.fill(row, 1f);
            }
            a.features(frames, 3, "utt-" + u);
            for (float[] row : frames) {
                ByteBuffer fb = ByteBuffer.allocate(row.length * 4);
                fb.asFloatBuffer().put(row);
                md.update(fb);
            }
        }
        assertThat(HexFormat.of().formatHex(md.digest()))
                .isEqualTo("0ebb7ce03acff0a4605e95670c0bb6819d6e031d9b8935c43e6c3c4b94aee7d6");
    }
}
