package io.asrwb.engine.data.augment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.asrwb.engine.audio.WavWriter;
import io.asrwb.engine.config.AugmentConfig;
import io.asrwb.engine.data.random.StableRandom;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AugmenterTest {

    private static final long SEED = 77;

    private static AugmentConfig config(
            boolean spec, boolean speed, boolean noise, double noiseProbability) {
        return new AugmentConfig(
                spec, 2, 15, 2, 20, speed, 0.9, 1.1, noise, "", noiseProbability, 0, 20);
    }

    private static float[] speech(int n, long seed) {
        StableRandom r = StableRandom.of(seed);
        float[] s = new float[n];
        for (int i = 0; i < n; i++) {
            s[i] =
                    (float)
                            (0.4
                                            * Math.sin(2 * Math.PI * 220 * i / 16_000.0)
                                            * Math.sin(Math.PI * i / n)
                                    + 0.02 * r.nextGaussian());
        }
        return s;
    }

    private static float[][] frames(int t, int bins) {
        float[][] f = new float[t][bins];
        for (float[] row : f) {
            java.util.Arrays.fill(row, 1f);
        }
        return f;
    }

    @Test
    void sameSeedEpochAndIdGiveTheSameAugmentationAnotherEpochAnother() {
        Augmenter a = Augmenter.of(config(true, true, true, 1.0), SEED, GeneratedNoise.PINK);
        Augmenter again = Augmenter.of(config(true, true, true, 1.0), SEED, GeneratedNoise.PINK);
        float[] clean = speech(16_000, 1);
        AugmentedAudio x = a.samples(clean, 3, "utt-1");
        AugmentedAudio y = again.samples(clean, 3, "utt-1");
        assertThat(y.samples()).isEqualTo(x.samples());
        assertThat(y.speedFactor()).isEqualTo(x.speedFactor());
        assertThat(a.samples(clean, 4, "utt-1").samples()).isNotEqualTo(x.samples());
        assertThat(a.samples(clean, 3, "utt-2").samples()).isNotEqualTo(x.samples());

        float[][] m1 = frames(200, 161);
        float[][] m2 = frames(200, 161);
        float[][] m3 = frames(200, 161);
        a.features(m1, 3, "utt-1");
        again.features(m2, 3, "utt-1");
        a.features(m3, 4, "utt-1");
        assertThat(m2).isDeepEqualTo(m1);
        assertThat(m3).isNotEqualTo(m1);
    }

    @Test
    void noiseIsMixedAtTheDrawnSnrWithinHalfADecibel() {
        for (GeneratedNoise kind : GeneratedNoise.values()) {
            Augmenter a = Augmenter.of(config(false, false, true, 1.0), SEED, kind);
            for (int i = 0; i < 20; i++) {
                float[] clean = speech(8_000 + 500 * i, i);
                AugmentedAudio noisy = a.samples(clean, 1, "u" + i);
                assertThat(noisy.noisy()).isTrue();
                assertThat(noisy.snrDb()).isBetween(0.0, 20.0);
                double signal = 0;
                double noise = 0;
                for (int k = 0; k < clean.length; k++) {
                    double d = noisy.samples()[k] - clean[k];
                    signal += (double) clean[k] * clean[k];
                    noise += d * d;
                }
                double measured = 10 * Math.log10(signal / noise);
                assertThat(measured)
                        .as("%s noise, utterance %d", kind, i)
                        .isCloseTo(noisy.snrDb(), org.assertj.core.data.Offset.offset(0.5));
            }
        }
    }

    @Test
    void noiseProbabilityIsHonoured() {
        Augmenter a = Augmenter.of(config(false, false, true, 0.3), SEED, GeneratedNoise.WHITE);
        float[] clean = speech(4_000, 5);
        long noisy =
                java.util.stream.IntStream.range(0, 400)
                        .filter(i -> a.samples(clean, 0, "u" + i).noisy())
                        .count();
        assertThat(noisy).isBetween(80L, 160L); // 120 expected; ±4σ
    }

    @Test
    void speedPerturbationChangesTheLengthByTheDrawnFactor() {
        Augmenter a = Augmenter.of(config(false, true, false, 0), SEED, (NoiseSource) null);
        float[] clean = speech(32_000, 2);
        java.util.Set<Double> factors = new java.util.HashSet<>();
        for (int i = 0; i < 30; i++) {
            AugmentedAudio out = a.samples(clean, 0, "u" + i);
            assertThat(out.speedFactor()).isBetween(0.895, 1.105);
            assertThat((double) out.samples().length)
                    .isCloseTo(
                            clean.length / out.speedFactor(),
                            org.assertj.core.data.Offset.offset(1.0));
            factors.add(out.speedFactor());
        }
        assertThat(factors).hasSizeGreaterThan(10);
    }

    @Test
    void specAugmentMasksStripesWithinTheConfiguredWidths() {
        SpecAugment spec = new SpecAugment(2, 15, 2, 20);
        float[][] f = frames(300, 161);
        spec.apply(f, StableRandom.of(3));
        int maskedRows = 0;
        for (float[] row : f) {
            if (java.util.Arrays.stream(toDouble(row)).allMatch(v -> v == 0)) {
                maskedRows++;
            }
        }
        int maskedCols = 0;
        for (int k = 0; k < 161; k++) {
            int col = k;
            if (java.util.Arrays.stream(f).allMatch(row -> row[col] == 0)) {
                maskedCols++;
            }
        }
        assertThat(maskedRows).isBetween(1, 30);
        assertThat(maskedCols).isBetween(1, 40);
    }

    private static double[] toDouble(float[] f) {
        double[] d = new double[f.length];
        for (int i = 0; i < f.length; i++) {
            d[i] = f[i];
        }
        return d;
    }

    @Test
    void offChangesNothing() {
        float[] clean = speech(8000, 4);
        AugmentedAudio out = Augmenter.off().samples(clean, 0, "u");
        assertThat(out.samples()).isEqualTo(clean);
        assertThat(out.noisy()).isFalse();
        float[][] f = frames(50, 10);
        Augmenter.off().features(f, 0, "u");
        assertThat(f).isDeepEqualTo(frames(50, 10));
    }

    @Test
    void noiseComesFromTheFolderWhenOneIsGiven(@TempDir Path dir) throws IOException {
        Path noiseDir = Files.createDirectories(dir.resolve("noise"));
        WavWriter.writePcm16(noiseDir.resolve("hum.wav"), speech(3000, 9), 16_000, 1);
        AugmentConfig cfg =
                new AugmentConfig(false, 0, 0, 0, 0, false, 1, 1, true, "noise", 1.0, 10, 10);
        Augmenter a = Augmenter.of(cfg, SEED, dir);
        float[] clean = speech(10_000, 8);
        AugmentedAudio out = a.samples(clean, 0, "u");
        assertThat(out.snrDb()).isEqualTo(10.0);
        assertThat(out.samples()).isNotEqualTo(clean);

        Path empty = Files.createDirectories(dir.resolve("empty"));
        AugmentConfig none =
                new AugmentConfig(false, 0, 0, 0, 0, false, 1, 1, true, "empty", 1.0, 10, 10);
        assertThatThrownBy(() -> Augmenter.of(none, SEED, dir))
                .isInstanceOf(IOException.class)
                .hasMessageContaining(empty.toString())
                .hasMessageContaining("no non-empty audio file (wav, flac, mp3");
    }
}
