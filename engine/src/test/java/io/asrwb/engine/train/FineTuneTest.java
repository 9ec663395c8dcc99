package io.asrwb.engine.train;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.asrwb.engine.checkpoint.Checkpoint;
import io.asrwb.engine.checkpoint.CheckpointStore;
import io.asrwb.engine.checkpoint.LoadedCheckpoint;
import io.asrwb.engine.checkpoint.StartedFrom;
import io.asrwb.engine.config.RunConfig;
import io.asrwb.engine.config.RunConfigYaml;
import io.asrwb.engine.data.Alphabet;
import io.asrwb.engine.data.Utterance;
import io.asrwb.engine.events.TrainingEvent;
import io.asrwb.engine.events.TrainingEvent.StepCompleted;
import io.asrwb.engine.inference.RunAlphabet;
import io.asrwb.engine.inference.TrainedModel;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.deeplearning4j.nn.graph.ComputationGraph;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.nd4j.linalg.api.buffer.DataType;
import org.nd4j.linalg.api.ndarray.INDArray;
import org.nd4j.linalg.factory.Nd4j;

/**
 * Fine-tuning on real training: a tiny DS2 (two convolutions and two BiLSTMs, all with BatchNorm)
 * trained a few steps is the checkpoint; runs start from it as {@link RunLauncher} starts them, by
 * {@code train.init_from} in their config.
 */
class FineTuneTest {

    private static final String BN_MODEL =
            TrainerRuns.TINY_MODEL
                    .replace(
                            "  rnn_layers: 1\n",
                            "    - {channels: 4, kernel_freq: 5, kernel_time: 3, stride_freq: 2,"
                                    + " stride_time: 1, pad_freq: 2, pad_time: 1}\n"
                                    + "  rnn_layers: 2\n  conv_batch_norm: true\n"
                                    + "  rnn_batch_norm: true\n")
                    .replace("checkpoint_every_steps: 1000", "checkpoint_every_steps: 1");

    @TempDir static Path shared;
    @TempDir Path dir;

    private static List<Utterance> train;
    private static Checkpoint base;

    @BeforeAll
    static void trainBase() throws Exception {
        Path wav = shared.resolve("wav");
        train = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            train.add(TrainerRuns.tone(wav, "t" + i, 0.6 + 0.05 * i, i % 2 == 0 ? "yes" : "no"));
        }
        Path run = shared.resolve("base");
        RunConfig config = read(BN_MODEL + "  max_steps: 2\n");
        TrainerRuns.run(Trainer.start(TrainerRuns.inputs(config, run, train)));
        base = CheckpointStore.openReadOnly(run).latest().orElseThrow();
        assertThat(base.step()).isEqualTo(2);
    }

    private static RunConfig read(String yaml) throws Exception {
        return RunConfigYaml.standard().read(yaml, "fine-tune test config");
    }

    private static RunConfig fineTune(String trainYaml) throws Exception {
        RunConfig config = read(BN_MODEL + trainYaml);
        return config.withTrain(
                config.train().withInitFrom(base.directory().toString(), config.train().freeze()));
    }

    private static Trainer start(RunConfig config, Path runDir, RunAlphabet alphabet)
            throws IOException {
        // as RunLauncher starts a new run: init_from in the config makes it a fine-tuning one
        return Trainer.start(
                new TrainingInputs(config, runDir, alphabet, train, List.of(), "test"));
    }

    private static RunAlphabet alphabetOf(RunConfig config) {
        return RunAlphabet.of(config.alphabet(), Path.of(""));
    }

    private static ComputationGraph baseGraph() throws IOException {
        return CheckpointStore.openReadOnly(base.directory()).load(base).graph();
    }

    @Test
    void startsWithEveryWeightOfTheCheckpointAndAFreshOptimizer() throws Exception {
        RunConfig config = fineTune("  max_steps: 2\n");
        Trainer trainer = start(config, dir.resolve("ft"), alphabetOf(config));
        ComputationGraph saved = baseGraph();

        assertThat(trainer.graph().paramTable().keySet())
                .isEqualTo(saved.paramTable().keySet())
                .contains("conv2_bn_runningMean", "lstm2_bn_runningVar", "classes_W");
        for (Map.Entry<String, INDArray> p : saved.paramTable().entrySet()) {
            assertThat(trainer.graph().getParam(p.getKey())).as(p.getKey()).isEqualTo(p.getValue());
        }
        INDArray features = Nd4j.rand(DataType.FLOAT, 2, 20, 40);
        assertThat(trainer.graph().outputSingle(features)).isEqualTo(saved.outputSingle(features));
        // the checkpoint's Adam moments are left behind: the run's optimizer starts at zero
        assertThat(saved.getUpdater().getStateViewArray().amaxNumber().doubleValue())
                .isGreaterThan(0);
        assertThat(trainer.graph().getUpdater().getStateViewArray().amaxNumber().doubleValue())
                .isZero();
    }

    @Test
    void frozenLayersStayAsTheCheckpointHasThemWhileTheOthersTrain() throws Exception {
        RunConfig config = fineTune("  max_steps: 3\n  freeze: [conv, rnn.0]\n");
        Path runDir = dir.resolve("frozen");
        List<TrainingEvent> events = TrainerRuns.run(start(config, runDir, alphabetOf(config)));
        assertThat(events).filteredOn(StepCompleted.class::isInstance).hasSize(3);
        ComputationGraph trained = TrainedModel.load(runDir).graph();
        ComputationGraph saved = baseGraph();

        for (String key : saved.paramTable().keySet()) {
            boolean frozen = key.startsWith("conv") || key.startsWith("lstm1_");
            if (frozen) {
                assertThat(trained.getParam(key)).as(key).isEqualTo(saved.getParam(key));
            } else {
                assertThat(trained.getParam(key)).as(key).isNotEqualTo(saved.getParam(key));
            }
        }
    }

    @Test
    void withoutFreezeEveryLayerTrains() throws Exception {
        RunConfig config = fineTune("  max_steps: 3\n");
        Path runDir = dir.resolve("all");
        TrainerRuns.run(start(config, runDir, alphabetOf(config)));
        ComputationGraph trained = TrainedModel.load(runDir).graph();
        ComputationGraph saved = baseGraph();
        for (String key : List.of("conv1_W", "conv1_bn_runningMean", "lstm1_W", "classes_W")) {
            assertThat(trained.getParam(key)).as(key).isNotEqualTo(saved.getParam(key));
        }
    }

    @Test
    void aNewAlphabetStartsOnlyTheOutputLayerFresh() throws Exception {
        RunConfig config = fineTune("  max_steps: 2\n");
        RunAlphabet small = new RunAlphabet(Alphabet.of(" enosy"));
        Trainer trainer = start(config, dir.resolve("abc"), small);
        ComputationGraph saved = baseGraph();

        assertThat(trainer.graph().getParam("classes_W").shape()[1]).isEqualTo(small.size());
        for (String key : saved.paramTable().keySet()) {
            if (!key.startsWith("classes")) {
                assertThat(trainer.graph().getParam(key)).as(key).isEqualTo(saved.getParam(key));
            }
        }
        assertThat(TrainerRuns.run(trainer)).last().isInstanceOf(TrainingEvent.RunFinished.class);
    }

    @Test
    void anotherModelShapeIsRefusedNamingTheFirstDifference() throws Exception {
        RunConfig config =
                read(BN_MODEL.replace("hidden_size: 16", "hidden_size: 8"))
                        .withTrain(
                                read(BN_MODEL)
                                        .train()
                                        .withInitFrom(base.directory().toString(), List.of()));
        assertThatThrownBy(() -> start(config, dir.resolve("other"), alphabetOf(config)))
                .isInstanceOf(RunLaunchException.class)
                .hasMessageContaining("lstm1")
                .hasMessageContaining("in the checkpoint");
    }

    @Test
    void resumeContinuesTheFineTunedRunNotTheInit() throws Exception {
        RunConfig config = fineTune("  epochs: 2\n  freeze: [conv]\n");
        Path straight = dir.resolve("straight");
        List<Double> straightLosses =
                losses(TrainerRuns.run(start(config, straight, alphabetOf(config))));
        assertThat(straightLosses).hasSize(4);

        Path split = dir.resolve("split");
        Trainer first = start(config, split, alphabetOf(config));
        first.addListener(
                e -> {
                    if (e instanceof StepCompleted s && s.step() == 2) {
                        first.stop();
                    }
                });
        List<Double> losses = new ArrayList<>(losses(TrainerRuns.run(first)));
        LoadedCheckpoint atTwo =
                CheckpointStore.openReadOnly(split)
                        .load(CheckpointStore.openReadOnly(split).latest().orElseThrow());
        assertThat(atTwo.state().step()).isEqualTo(2);
        StartedFrom origin = atTwo.state().provenance().startedFrom();
        assertThat(origin.checkpoint()).isEqualTo(base.directory().toString());
        assertThat(origin.step()).isEqualTo(2);
        assertThat(origin.modelSha256()).startsWith("sha256:").hasSize(71);
        assertThat(origin.frozen()).containsExactly("conv");

        TrainingInputs again =
                new TrainingInputs(config, split, alphabetOf(config), train, List.of(), "test");
        RunSetup setup = RunSetup.of(config, again.alphabet());
        Trainer resumed = ResumePlan.decide(again, setup, null).trainer(again, setup);
        losses.addAll(losses(TrainerRuns.run(resumed)));

        assertThat(losses).isEqualTo(straightLosses);
        LoadedCheckpoint end =
                CheckpointStore.openReadOnly(split)
                        .load(CheckpointStore.openReadOnly(split).latest().orElseThrow());
        assertThat(end.state().step()).isEqualTo(4);
        assertThat(end.state().provenance().startedFrom()).isEqualTo(origin);
        assertThat(end.graph().getParam("conv1_W")).isEqualTo(baseGraph().getParam("conv1_W"));
        assertThat(end.graph().params()).isEqualTo(TrainedModel.load(straight).graph().params());
    }

    private static List<Double> losses(List<TrainingEvent> events) {
        return events.stream()
                .filter(StepCompleted.class::isInstance)
                .map(e -> ((StepCompleted) e).loss())
                .toList();
    }
}
