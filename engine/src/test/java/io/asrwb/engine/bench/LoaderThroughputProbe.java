package io.asrwb.engine.bench;

import io.asrwb.engine.audio.WavWriter;
import io.asrwb.engine.config.AugmentConfig;
import io.asrwb.engine.config.ConditionsConfig;
import io.asrwb.engine.data.Alphabet;
import io.asrwb.engine.data.Split;
import io.asrwb.engine.data.Utterance;
import io.asrwb.engine.data.augment.Augmenter;
import io.asrwb.engine.data.augment.GeneratedNoise;
import io.asrwb.engine.data.batching.BatchLoader;
import io.asrwb.engine.data.batching.BatchPlan;
import io.asrwb.engine.data.batching.BatchPlanner;
import io.asrwb.engine.data.batching.FeatureBatch;
import io.asrwb.engine.data.batching.FrameFeatures;
import io.asrwb.engine.data.batching.LoaderSettings;
import io.asrwb.engine.data.batching.LoaderStats;
import io.asrwb.engine.data.batching.PlanEntry;
import io.asrwb.engine.data.batching.UtteranceFeaturizer;
import io.asrwb.engine.data.random.StableRandom;
import io.asrwb.engine.features.LogSpectrogram;
import io.asrwb.engine.features.Normalization;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Loader throughput by hand (bench/loader-throughput.sh; not a unit test): N generated 4-second
 * 16 kHz WAVs, batches of 8, 161-bin log spectrogram with per-bin CMVN, consumed as fast as
 * possible (INDArrays built on the consumer, as the trainer does), without and with augmentation.
 * Prints utterances/s and audio-seconds/s for the given number of workers.
 *
 * <p>Usage: {@code LoaderThroughputProbe [WORKDIR] [N=160] [WORKERS=2] [PREFETCH=4]}
 */
public final class LoaderThroughputProbe {

    private LoaderThroughputProbe() {}

    public static void main(String[] args) throws IOException {
        Path dir = args.length > 0 ? Path.of(args[0]) : Files.createTempDirectory("loader-probe");
        int n = args.length > 1 ? Integer.parseInt(args[1]) : 160;
        int workers = args.length > 2 ? Integer.parseInt(args[2]) : 2;
        int prefetch = args.length > 3 ? Integer.parseInt(args[3]) : 4;
        List<Utterance> utts = generate(dir, n);
        FrameFeatures features =
                FrameFeatures.of(LogSpectrogram.deepSpeech(), Normalization.PER_BIN_CMVN);
        AugmentConfig augment =
                new AugmentConfig(true, 2, 20, 2, 10, true, 0.9, 1.1, true, "", 0.5, 10, 30);
        // Every recording-condition stage at the example overlay's probabilities
        // (assets/configs/tiny-real-conditions.yaml).
        AugmentConfig full =
                augment.withNoiseBed(AugmentConfig.NoiseBed.ANY)
                        .withConditions(
                                new ConditionsConfig(
                                        0.5, 0.2, 0.8, 0.3, 2, 0.3, 50, 400, 3000, 7600, 0.1, 0.1,
                                        0.1, 16, 32, 0.5, -12, 6, 0.1, 0.05, 0.05, 0.3, 0.9));
        LoaderSettings settings = new LoaderSettings(workers, prefetch);
        System.out.printf(
                Locale.ROOT,
                "%d × 4 s WAVs, batch 8, 161-bin spectrogram, %d workers, prefetch %d, %d cores%n",
                n,
                workers,
                prefetch,
                Runtime.getRuntime().availableProcessors());
        for (int round = 0; round < 2; round++) { // round 0 warms the JIT and the page cache
            run(
                    "no augmentation",
                    utts,
                    new UtteranceFeaturizer(
                            dir, Alphabet.english()::encode, features, Augmenter.off()),
                    settings,
                    round == 1);
            run(
                    "speed + noise + SpecAugment",
                    utts,
                    new UtteranceFeaturizer(
                            dir,
                            Alphabet.english()::encode,
                            features,
                            Augmenter.of(augment, 1, GeneratedNoise.PINK)),
                    settings,
                    round == 1);
            run(
                    "all + rooms, mics, channels",
                    utts,
                    new UtteranceFeaturizer(
                            dir,
                            Alphabet.english()::encode,
                            features,
                            Augmenter.of(full, 1, GeneratedNoise.ANY)),
                    settings,
                    round == 1);
        }
    }

    private static void run(
            String label,
            List<Utterance> utts,
            UtteranceFeaturizer featurizer,
            LoaderSettings settings,
            boolean report) {
        BatchPlan plan = new BatchPlanner(8, 10, false).plan(PlanEntry.of(utts), 1, 1);
        long t0 = System.nanoTime();
        long wrapNanos = 0;
        LoaderStats stats;
        try (BatchLoader loader = BatchLoader.of(utts, featurizer, plan, 0, settings, s -> {})) {
            while (loader.hasNext()) {
                FeatureBatch b = loader.next();
                long w = System.nanoTime();
                b.featuresArray();
                b.featureMaskArray();
                b.labelsArray();
                wrapNanos += System.nanoTime() - w;
            }
            stats = loader.stats();
        }
        double s = (System.nanoTime() - t0) / 1e9;
        if (report) {
            System.out.printf(
                    Locale.ROOT,
                    "%-28s %6.1f utt/s  %7.1f audio-s/s  (%d utts in %.2f s; INDArray wrap %.2f"
                            + " ms/batch)%n",
                    label,
                    stats.utterances() / s,
                    stats.audioSeconds() / s,
                    stats.utterances(),
                    s,
                    wrapNanos / 1e6 / stats.batches());
        }
    }

    private static List<Utterance> generate(Path dir, int n) throws IOException {
        Files.createDirectories(dir.resolve("wav"));
        StableRandom r = StableRandom.of(5);
        List<Utterance> out = new ArrayList<>();
        int samples = 4 * 16_000;
        for (int i = 0; i < n; i++) {
            String rel = "wav/p" + i + ".wav";
            Path f = dir.resolve(rel);
            if (!Files.exists(f)) {
                float[] s = new float[samples];
                for (int k = 0; k < samples; k++) {
                    s[k] =
                            (float)
                                    (0.3 * Math.sin(2 * Math.PI * (150 + i) * k / 16_000.0)
                                            + 0.05 * r.nextGaussian());
                }
                WavWriter.writePcm16(f, s, 16_000, 1);
            }
            out.add(new Utterance("p" + i, rel, 4.0, "go forward ten meters", "", Split.TRAIN));
        }
        return out;
    }
}
