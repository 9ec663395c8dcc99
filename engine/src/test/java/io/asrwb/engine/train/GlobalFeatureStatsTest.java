package io.asrwb.engine.train;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.asrwb.engine.audio.AudioFiles;
import io.asrwb.engine.config.ConfigFields;
import io.asrwb.engine.config.FeatureConfig;
import io.asrwb.engine.config.FeatureStats;
import io.asrwb.engine.config.RunConfig;
import io.asrwb.engine.config.RunConfigYaml;
import io.asrwb.engine.data.Split;
import io.asrwb.engine.data.Utterance;
import io.asrwb.engine.inference.SpeechFeatures;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The training set's feature statistics, filled into a running_cmvn run's config from real audio. */
class GlobalFeatureStatsTest {

    private static final Path AUDIO = Path.of("../assets/demo-corpus/audio").toAbsolutePath();

    private static final List<Utterance> THREE =
            List.of(
                    utterance("a", "espeak-en-f2/espeak-en-f2-000.flac"),
                    utterance("b", "flite-slt/flite-slt-020.flac"),
                    utterance("c", "espeak-en-f2/espeak-en-f2-001.flac"));

    @Test
    void eachFeaturesMeanAndDeviationOverTheTrainingFramesAreWrittenIntoTheConfig()
            throws Exception {
        RunConfig config = cmvn();
        GlobalFeatureStats.Filled filled = GlobalFeatureStats.fillIn(config, THREE);

        SpeechFeatures features = new SpeechFeatures(config.features());
        int bins = features.featureCount();
        double[] sum = new double[bins];
        double[] squares = new double[bins];
        long frames = 0;
        for (Utterance u : THREE) {
            for (float[] row :
                    features.unnormalised(
                            features.fromModelRateSamples()
                                    .apply(AudioFiles.load(Path.of(u.audio())).samples()))) {
                for (int k = 0; k < bins; k++) {
                    sum[k] += row[k];
                    squares[k] += row[k] * (double) row[k];
                }
                frames++;
            }
        }
        List<Double> mean = filled.config().features().globalStats().mean();
        List<Double> stddev = filled.config().features().globalStats().stddev();
        assertThat(mean).hasSize(bins);
        assertThat(stddev).hasSize(bins);
        for (int k = 0; k < bins; k++) {
            double m = sum[k] / frames;
            assertThat(mean.get(k)).as("mean %d", k).isCloseTo(m, within(1e-6));
            assertThat(stddev.get(k))
                    .as("deviation %d", k)
                    .isCloseTo(Math.sqrt(squares[k] / frames - m * m), within(1e-6));
        }
        assertThat(filled.notes())
                .singleElement()
                .asString()
                .contains("from 3 training utterances (" + frames + " frames)");
        // the rest of the config is as given, and the statistics validate and survive a save
        assertThat(filled.config().withFeatures(config.features())).isEqualTo(config);
        assertThat(filled.config().validate()).isEmpty();
        Path file = Files.createTempFile("cmvn", ".yaml");
        RunConfigYaml.standard().save(filled.config(), file);
        assertThat(RunConfigYaml.standard().load(file)).isEqualTo(filled.config());
        Files.delete(file);
    }

    @Test
    void statisticsAlreadyThereAndOtherNormalisationsAreLeftAlone() throws Exception {
        RunConfig trained = GlobalFeatureStats.fillIn(cmvn(), THREE).config();
        assertThat(GlobalFeatureStats.fillIn(trained, THREE.subList(0, 1)).config())
                .isSameAs(trained);
        RunConfig perUtterance = RunConfig.defaults();
        assertThat(GlobalFeatureStats.fillIn(perUtterance, THREE).config()).isSameAs(perUtterance);
        assertThat(perUtterance.features().globalStats().absent()).isTrue();
    }

    @Test
    void aFineTuningRunTakesTheStatisticsItsCheckpointWasTrainedWith(@TempDir Path dir)
            throws Exception {
        List<Utterance> tones = new java.util.ArrayList<>();
        for (int i = 0; i < 3; i++) {
            tones.add(TrainerRuns.tone(dir.resolve("wav"), "t" + i, 0.6, "yes"));
        }
        RunConfig tiny =
                ConfigFields.with(
                        TrainerRuns.config("  max_steps: 1\n"),
                        "features.normalisation",
                        "running_cmvn");
        RunConfig base = GlobalFeatureStats.fillIn(tiny, tones).config();
        Path run = dir.resolve("base");
        TrainerRuns.run(Trainer.start(TrainerRuns.inputs(base, run, tones)));

        RunConfig fineTune =
                base.withFeatures(base.features().withGlobalStats(FeatureStats.none()))
                        .withTrain(base.train().withInitFrom(run.toString(), List.of()));
        GlobalFeatureStats.Filled filled = GlobalFeatureStats.fillIn(fineTune, THREE);
        assertThat(filled.config().features().globalStats())
                .isEqualTo(base.features().globalStats());
        assertThat(filled.notes()).containsExactly("features.global_stats from " + run);
    }

    @Test
    void unreadableAudioIsLeftOutAndCountedAndNothingReadableIsRefused() throws Exception {
        List<Utterance> oneMissing = List.of(THREE.get(0), utterance("gone", "nowhere/gone.flac"));
        assertThat(GlobalFeatureStats.fillIn(cmvn(), oneMissing).notes())
                .singleElement()
                .asString()
                .contains("from 1 training utterances")
                .contains("1 unreadable, left out");
        assertThatThrownBy(() -> GlobalFeatureStats.fillIn(cmvn(), oneMissing.subList(1, 2)))
                .isInstanceOf(RunLaunchException.class)
                .hasMessageContaining("none of the 1 training utterances")
                .hasMessageContaining("(first: gone)");
    }

    @Test
    void statisticsOfTheWrongLengthAreAViolationOfThatField() throws Exception {
        RunConfig filled = GlobalFeatureStats.fillIn(cmvn(), THREE).config();
        FeatureConfig features = filled.features();
        RunConfig moreMels =
                filled.withFeatures(
                        new FeatureConfig(
                                features.kind(),
                                features.sampleRate(),
                                features.windowMs(),
                                features.hopMs(),
                                features.window(),
                                features.nMels() + 8,
                                features.nMfcc(),
                                features.normalisation(),
                                features.globalStats()));
        assertThat(moreMels.validate())
                .singleElement()
                .satisfies(
                        v -> {
                            assertThat(v.path()).isEqualTo("features.global_stats");
                            assertThat(v.message()).contains("must hold " + (features.nMels() + 8));
                        });
    }

    private static RunConfig cmvn() {
        try {
            return RunConfigYaml.standard()
                    .read(
                            "preset: streaming\nfeatures:\n  kind: logmel\n  n_mels: 40\n"
                                    + "  normalisation: running_cmvn\n",
                            "test");
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static Utterance utterance(String id, String file) {
        return new Utterance(id, AUDIO.resolve(file).toString(), 1.0, "text", "", Split.TRAIN);
    }
}
