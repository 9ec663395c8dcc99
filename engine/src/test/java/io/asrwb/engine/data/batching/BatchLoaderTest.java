package io.asrwb.engine.data.batching;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.asrwb.engine.audio.AudioFiles;
import io.asrwb.engine.config.AugmentConfig;
import io.asrwb.engine.data.Alphabet;
import io.asrwb.engine.data.Utterance;
import io.asrwb.engine.data.augment.Augmenter;
import io.asrwb.engine.data.augment.GeneratedNoise;
import io.asrwb.engine.features.SpectrogramConfig;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.nd4j.linalg.api.ndarray.INDArray;

class BatchLoaderTest {

    private static final long SEED = 2024;
    private static final AugmentConfig ALL_ON =
            new AugmentConfig(true, 2, 10, 2, 8, true, 0.9, 1.1, true, "", 0.7, 5, 20);

    @TempDir Path root;

    private final BatchPlanner planner = new BatchPlanner(3, 3, true);

    private static List<FeatureBatch> drain(BatchLoader loader) {
        List<FeatureBatch> out = new ArrayList<>();
        loader.forEachRemaining(out::add);
        return out;
    }

    /** The reference: every batch of epochs [from, to) computed on this thread. */
    private List<FeatureBatch> inline(
            List<Utterance> utts,
            UtteranceFeaturizer f,
            int fromEpoch,
            int fromBatch,
            int toEpoch,
            List<SkippedUtterance> skipped) {
        Map<String, Utterance> byId = BatchLoader.index(utts);
        List<FeatureBatch> out = new ArrayList<>();
        for (int e = fromEpoch; e < toEpoch; e++) {
            BatchPlan plan = planner.plan(PlanEntry.of(utts), SEED, e);
            for (int i = e == fromEpoch ? fromBatch : 0; i < plan.size(); i++) {
                BatchLoader.computeInline(byId, f, plan, i, skipped::add).ifPresent(out::add);
            }
        }
        return out;
    }

    private static void assertSameBatches(List<FeatureBatch> actual, List<FeatureBatch> expected) {
        assertThat(actual).hasSameSizeAs(expected);
        for (int i = 0; i < expected.size(); i++) {
            FeatureBatch a = actual.get(i);
            FeatureBatch b = expected.get(i);
            assertThat(a.epoch()).isEqualTo(b.epoch());
            assertThat(a.planIndex()).isEqualTo(b.planIndex());
            assertThat(a.ids()).isEqualTo(b.ids());
            assertThat(a.frames()).isEqualTo(b.frames());
            // Bit for bit: compare raw float bits, not values within a tolerance.
            assertThat(bits(a.features()))
                    .as("features of batch %d", i)
                    .isEqualTo(bits(b.features()));
            assertThat(a.featureMask()).isEqualTo(b.featureMask());
            assertThat(a.labels()).isEqualTo(b.labels());
            assertThat(a.labelLengths()).isEqualTo(b.labelLengths());
            assertThat(a.frameCounts()).isEqualTo(b.frameCounts());
            assertThat(a.skipped()).isEqualTo(b.skipped());
        }
    }

    private static int[] bits(float[] f) {
        int[] out = new int[f.length];
        for (int i = 0; i < f.length; i++) {
            out[i] = Float.floatToRawIntBits(f[i]);
        }
        return out;
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 3})
    void loaderEqualsSingleThreadedComputationBitForBit(int workers) throws IOException {
        List<Utterance> utts = LoaderCorpus.write(root, 10);
        UtteranceFeaturizer f =
                LoaderCorpus.featurizer(root, Augmenter.of(ALL_ON, SEED, GeneratedNoise.PINK));
        List<FeatureBatch> expected = inline(utts, f, 0, 0, 2, new ArrayList<>());
        try (BatchLoader loader =
                BatchLoader.epochs(
                        utts,
                        f,
                        e -> planner.plan(PlanEntry.of(utts), SEED, e),
                        0,
                        0,
                        2,
                        new LoaderSettings(workers, 3),
                        s -> {})) {
            assertSameBatches(drain(loader), expected);
            assertThat(loader.stats().utterances()).isEqualTo(20);
        }
    }

    @Test
    void resumedLoaderContinuesWithTheTailOfTheUninterruptedOne() throws IOException {
        List<Utterance> utts = LoaderCorpus.write(root, 10);
        UtteranceFeaturizer f =
                LoaderCorpus.featurizer(root, Augmenter.of(ALL_ON, SEED, GeneratedNoise.WHITE));
        List<FeatureBatch> full;
        try (BatchLoader loader =
                BatchLoader.epochs(
                        utts,
                        f,
                        e -> planner.plan(PlanEntry.of(utts), SEED, e),
                        1,
                        0,
                        3,
                        new LoaderSettings(2, 2),
                        s -> {})) {
            full = drain(loader);
        }
        int k = 2; // 4 batches per epoch: resume inside epoch 1
        try (BatchLoader resumed =
                BatchLoader.epochs(
                        utts,
                        f,
                        e -> planner.plan(PlanEntry.of(utts), SEED, e),
                        1,
                        k,
                        3,
                        new LoaderSettings(2, 2),
                        s -> {})) {
            assertSameBatches(drain(resumed), full.subList(k, full.size()));
        }
    }

    @Test
    void masksLabelsAndFrameCountsMatchEachUtterance() throws IOException {
        List<Utterance> utts = LoaderCorpus.write(root, 6);
        UtteranceFeaturizer f = LoaderCorpus.featurizer(root, Augmenter.off());
        Map<String, Utterance> byId = BatchLoader.index(utts);
        SpectrogramConfig spec = SpectrogramConfig.deepSpeech();
        try (BatchLoader loader =
                BatchLoader.of(
                        utts,
                        f,
                        planner.sequential(PlanEntry.of(utts)),
                        0,
                        new LoaderSettings(2, 2),
                        s -> {})) {
            int seen = 0;
            while (loader.hasNext()) {
                FeatureBatch b = loader.next();
                int t = b.frames();
                int s = b.labelWidth();
                assertThat(b.bins()).isEqualTo(161);
                for (int row = 0; row < b.size(); row++) {
                    Utterance u = byId.get(b.ids().get(row));
                    int frames =
                            spec.frameCount(
                                    (int) Math.round(u.durationSeconds() * AudioFiles.MODEL_RATE));
                    assertThat(b.frameCounts()[row]).isEqualTo(frames);
                    for (int i = 0; i < t; i++) {
                        assertThat(b.featureMask()[row * t + i]).isEqualTo(i < frames ? 1f : 0f);
                        for (int bin = 0; bin < 161; bin += 40) {
                            if (i >= frames) {
                                assertThat(b.features()[(row * 161 + bin) * t + i]).isZero();
                            }
                        }
                    }
                    int[] labels = Alphabet.english().encode(u.transcript());
                    assertThat(b.labelLengths()[row]).isEqualTo(labels.length);
                    int[] paddedRow =
                            java.util.Arrays.copyOfRange(b.labels(), row * s, row * s + s);
                    assertThat(java.util.Arrays.copyOf(paddedRow, labels.length)).isEqualTo(labels);
                    assertThat(
                                    java.util.Arrays.stream(paddedRow, labels.length, s)
                                            .allMatch(v -> v == 0))
                            .isTrue();
                }
                assertThat(b.frames())
                        .isEqualTo(java.util.Arrays.stream(b.frameCounts()).max().orElseThrow());
                INDArray features = b.featuresArray();
                assertThat(features.shape()).containsExactly(b.size(), 161, t);
                assertThat(b.featureMaskArray().shape()).containsExactly(b.size(), t);
                assertThat(b.labelsArray().shape()).containsExactly(b.size(), s);
                assertThat(features.getFloat(0, 7, 3)).isEqualTo(b.features()[(7 * t) + 3]);
                seen += b.size();
            }
            assertThat(seen).isEqualTo(6);
        }
    }

    @Test
    void anUnreadableFileIsReportedWithItsIdAndTheRestStillComes() throws IOException {
        List<Utterance> utts = new ArrayList<>(LoaderCorpus.write(root, 8));
        utts.add(LoaderCorpus.broken(root, "broken", 0.6)); // mid-duration: lands mid-epoch
        UtteranceFeaturizer f = LoaderCorpus.featurizer(root, Augmenter.off());
        List<SkippedUtterance> reported = new ArrayList<>();
        List<String> delivered = new ArrayList<>();
        try (BatchLoader loader =
                BatchLoader.of(
                        utts,
                        f,
                        planner.sequential(PlanEntry.of(utts)),
                        0,
                        new LoaderSettings(3, 3),
                        reported::add)) {
            loader.forEachRemaining(b -> delivered.addAll(b.ids()));
            assertThat(loader.stats().skipped()).isEqualTo(1);
        }
        assertThat(reported)
                .singleElement()
                .satisfies(
                        s -> {
                            assertThat(s.id()).isEqualTo("broken");
                            assertThat(s.file()).isEqualTo(root.resolve("wav/broken.wav"));
                            assertThat(s.reason()).contains("broken.wav");
                        });
        assertThat(delivered)
                .containsExactlyInAnyOrderElementsOf(
                        utts.stream()
                                .map(Utterance::id)
                                .filter(id -> !id.equals("broken"))
                                .toList());
    }

    @Test
    void aBatchWithNothingUsableIsLeftOutAndItsIndexSkipped() throws IOException {
        List<Utterance> utts = new ArrayList<>(LoaderCorpus.write(root, 2));
        utts.add(LoaderCorpus.broken(root, "bad", 0.0)); // shortest: the whole first batch
        UtteranceFeaturizer f = LoaderCorpus.featurizer(root, Augmenter.off());
        List<SkippedUtterance> reported = new ArrayList<>();
        try (BatchLoader loader =
                BatchLoader.of(
                        utts,
                        f,
                        new BatchPlanner(1, 1, false).sequential(PlanEntry.of(utts)),
                        0,
                        new LoaderSettings(1, 1),
                        reported::add)) {
            List<FeatureBatch> batches = drain(loader);
            assertThat(batches).extracting(FeatureBatch::planIndex).containsExactly(1, 2);
            assertThat(reported).extracting(SkippedUtterance::batch).containsExactly(0);
        }
    }

    @Test
    void anUnexpectedWorkerFailureReachesTheConsumerWithIdAndFile() throws IOException {
        List<Utterance> utts = LoaderCorpus.write(root, 6);
        UtteranceFeaturizer failing =
                new UtteranceFeaturizer(
                        root,
                        text -> {
                            if (text.equals("stop")) { // u2
                                throw new IllegalStateException("encoder bug");
                            }
                            return Alphabet.english().encode(text);
                        },
                        LoaderCorpus.featurizer(root, Augmenter.off()).features(),
                        Augmenter.off());
        try (BatchLoader loader =
                BatchLoader.of(
                        utts,
                        failing,
                        planner.sequential(PlanEntry.of(utts)),
                        0,
                        new LoaderSettings(2, 2),
                        s -> {})) {
            assertThatThrownBy(() -> drain(loader))
                    .isInstanceOf(LoaderException.class)
                    .hasMessageContaining("utterance u2")
                    .hasMessageContaining(root.resolve("wav/u2.wav").toString())
                    .hasMessageContaining("encoder bug");
        }
    }

    @Test
    void closeEndsEveryWorkerThread() throws IOException {
        List<Utterance> utts = LoaderCorpus.write(root, 12);
        UtteranceFeaturizer f =
                LoaderCorpus.featurizer(root, Augmenter.of(ALL_ON, SEED, GeneratedNoise.WHITE));
        BatchLoader loader =
                BatchLoader.epochs(
                        utts,
                        f,
                        e -> planner.plan(PlanEntry.of(utts), SEED, e),
                        0,
                        0,
                        50,
                        new LoaderSettings(3, 4),
                        s -> {});
        assertThat(loaderThreads()).isNotEmpty();
        loader.next();
        loader.close();
        assertThat(loaderThreads()).isEmpty();
        assertThatThrownBy(loader::next)
                .isInstanceOf(LoaderException.class)
                .hasMessageContaining("closed");
    }

    private static List<String> loaderThreads() {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(Thread::isAlive)
                .map(Thread::getName)
                .filter(n -> n.startsWith(BatchLoader.THREAD_PREFIX))
                .toList();
    }
}
