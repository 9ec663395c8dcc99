package io.asrwb.engine.train.distributed;

import static org.assertj.core.api.Assertions.assertThat;

import io.asrwb.engine.audio.WavWriter;
import io.asrwb.engine.checkpoint.CheckpointStore;
import io.asrwb.engine.config.RunConfig;
import io.asrwb.engine.config.RunConfigYaml;
import io.asrwb.engine.data.Split;
import io.asrwb.engine.data.Utterance;
import io.asrwb.engine.data.batching.BatchLoader;
import io.asrwb.engine.data.batching.BatchPlanner;
import io.asrwb.engine.data.batching.LoaderSettings;
import io.asrwb.engine.data.batching.PlanEntry;
import io.asrwb.engine.data.batching.UtteranceFeaturizer;
import io.asrwb.engine.events.TrainingEvent;
import io.asrwb.engine.events.TrainingEvent.EvalCompleted;
import io.asrwb.engine.events.TrainingEvent.RunFinished;
import io.asrwb.engine.events.TrainingEvent.StepCompleted;
import io.asrwb.engine.inference.ModelSpecs;
import io.asrwb.engine.inference.RunAlphabet;
import io.asrwb.engine.inference.SpeechFeatures;
import io.asrwb.engine.model.ModelSpec;
import io.asrwb.engine.train.LoaderMultiDataSets;
import io.asrwb.engine.train.RunFeaturizers;
import io.asrwb.engine.train.SpeechModels;
import io.asrwb.engine.train.StepLearningRate;
import io.asrwb.engine.train.Trainer;
import io.asrwb.engine.train.TrainingInputs;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.Consumer;
import org.deeplearning4j.nn.graph.ComputationGraph;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * ParallelWrapper with 2 CPU workers (parameter averaging every batch) against plain {@code fit} of
 * the same model, same initial weights, same batches, same number of epochs: the loss must fall
 * comparably. Measured (tiny DS2: conv 4ch + BiLSTM-32, 24 tone utterances whose pitch says the
 * word, batch 4, 6 epochs, Adam 3e-3): mean CTC loss per utterance 97.7 before training, 28.6
 * after plain fit, 31.8 after ParallelWrapper with 2 workers averaging every batch (each replica
 * makes half the updates, so a little behind is expected). Asserted: both below 0.7 × the initial
 * loss, and ParallelWrapper's below 2 × plain's.
 */
class ParallelTrainingTest {

    private static final Logger LOG = LoggerFactory.getLogger(ParallelTrainingTest.class);
    private static final String[] WORDS = {"yes", "no", "stop"};
    private static final int EPOCHS = 6;

    private static final String CONFIG =
            String.join(
                    "\n",
                    "preset: tiny",
                    "data:",
                    "  batch_size: 4",
                    "  duration_buckets: 1",
                    "  sortagrad: false",
                    "features:",
                    "  n_mels: 20",
                    "model:",
                    "  type: ds2",
                    "  conv:",
                    "    - {channels: 4, kernel_freq: 5, kernel_time: 5, stride_freq: 2,"
                            + " stride_time: 2, pad_freq: 2, pad_time: 2}",
                    "  rnn_layers: 1",
                    "  hidden_size: 32",
                    "optim:",
                    "  lr: 3.0e-3",
                    "  schedule:",
                    "    anneal: constant",
                    "    warmup_steps: 0",
                    "");

    @TempDir Path dir;

    private RunConfig config;
    private List<Utterance> utterances;
    private UtteranceFeaturizer featurizer;
    private ModelSpec spec;

    @BeforeEach
    void corpus() throws Exception {
        config = RunConfigYaml.standard().read(CONFIG, "test config");
        utterances = new ArrayList<>();
        Random random = new Random(5);
        for (int i = 0; i < 24; i++) {
            int word = i % WORDS.length;
            int n = 8000 + random.nextInt(4000);
            float[] s = new float[n];
            double f = 300 + 400 * word;
            for (int k = 0; k < n; k++) {
                s[k] =
                        (float)
                                (0.3 * Math.sin(2 * Math.PI * f * k / 16_000)
                                        + 0.02 * random.nextGaussian());
            }
            Path file = dir.resolve("u" + i + ".wav");
            WavWriter.writePcm16(file, s, 16_000, 1);
            utterances.add(
                    new Utterance(
                            "u" + i, file.toString(), n / 16_000.0, WORDS[word], "", Split.TRAIN));
        }
        RunAlphabet alphabet = RunAlphabet.of(config.alphabet(), Path.of(""));
        featurizer = RunFeaturizers.evaluation(config, alphabet);
        spec =
                ModelSpecs.of(
                        config.model(),
                        new SpeechFeatures(config.features()).featureCount(),
                        alphabet.size());
    }

    @Test
    void parameterAveragingOverTwoWorkersLowersTheLossComparablyToPlainFit() {
        ComputationGraph plain = model();
        ComputationGraph parallel = model();
        double initial = loss(plain);
        assertThat(loss(parallel)).isEqualTo(initial);

        trainEpochs(batches -> plain.fit(batches));
        double plainLoss = loss(plain);
        try (ParallelTraining training = new ParallelTraining(parallel, 2, 1)) {
            trainEpochs(batches -> training.fit(batches, 0));
        }
        double parallelLoss = loss(parallel);
        LOG.info(
                "CTC loss per utterance: initial {}, after {} epochs plain fit {}, ParallelWrapper"
                        + " (2 workers, averaging every batch) {}",
                initial,
                EPOCHS,
                plainLoss,
                parallelLoss);

        assertThat(plainLoss).isLessThan(0.7 * initial);
        assertThat(parallelLoss).isLessThan(0.7 * initial).isLessThan(2.0 * plainLoss);
    }

    @Test
    void theTrainerTrainsThroughParallelWrapperWhenTrainWorkersIsAboveOne() throws Exception {
        RunConfig two =
                RunConfigYaml.standard()
                        .read(
                                CONFIG
                                        + "train:\n"
                                        + "  workers: 2\n"
                                        + "  averaging_frequency: 2\n"
                                        + "  epochs: 2\n",
                                "test config");
        Path runDir = dir.resolve("run");
        List<TrainingEvent> events = new ArrayList<>();
        Trainer trainer =
                Trainer.start(
                        new TrainingInputs(
                                two,
                                runDir,
                                RunAlphabet.of(two.alphabet(), Path.of("")),
                                utterances,
                                utterances.subList(0, 4),
                                "test"));
        trainer.addListener(events::add);

        TrainingEvent end = trainer.run();

        assertThat(end).isEqualTo(new RunFinished(12, TrainingEvent.FinishReason.MAX_EPOCHS));
        // one step event per epoch: 6 batches of 4 each
        assertThat(events)
                .filteredOn(StepCompleted.class::isInstance)
                .extracting(TrainingEvent::step)
                .containsExactly(6L, 12L);
        assertThat(events)
                .filteredOn(StepCompleted.class::isInstance)
                .allSatisfy(e -> assertThat(((StepCompleted) e).loss()).isFinite().isPositive());
        assertThat(events).filteredOn(EvalCompleted.class::isInstance).hasSize(2);
        assertThat(CheckpointStore.openReadOnly(runDir).latest())
                .hasValueSatisfying(c -> assertThat(c.step()).isEqualTo(12));
    }

    private ComputationGraph model() {
        return SpeechModels.build(
                spec,
                config.optim(),
                StepLearningRate.of(config.optim(), 1000, 6),
                config.train().seed());
    }

    private void trainEpochs(Consumer<LoaderMultiDataSets> fit) {
        BatchPlanner planner = new BatchPlanner(4, 1, false);
        List<PlanEntry> entries = PlanEntry.of(utterances);
        try (BatchLoader loader =
                BatchLoader.epochs(
                        utterances,
                        featurizer,
                        e -> planner.plan(entries, 7, e),
                        0,
                        0,
                        EPOCHS,
                        new LoaderSettings(1, 2),
                        skipped -> {
                            throw new AssertionError("skipped " + skipped);
                        })) {
            fit.accept(new LoaderMultiDataSets(loader, spec, Long.MAX_VALUE));
        }
    }

    /** Mean CTC loss per utterance over the whole corpus, in one batch. */
    private double loss(ComputationGraph graph) {
        BatchPlanner all = new BatchPlanner(utterances.size(), 1, false);
        try (BatchLoader loader =
                BatchLoader.of(
                        utterances,
                        featurizer,
                        all.sequential(PlanEntry.of(utterances)),
                        0,
                        new LoaderSettings(1, 1),
                        s -> {})) {
            org.nd4j.linalg.dataset.api.MultiDataSet batch =
                    new LoaderMultiDataSets(loader, spec, 1).next();
            // DL4J M2.1 reshapes by the batch size of the last labels set (see GraphOutput): set
            // them
            graph.setInputs(batch.getFeatures());
            graph.setLabels(batch.getLabels());
            return graph.score(batch, false);
        }
    }
}
