package io.asrwb.engine.train;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.asrwb.engine.checkpoint.Checkpoint;
import io.asrwb.engine.checkpoint.CheckpointStore;
import io.asrwb.engine.config.RunConfig;
import io.asrwb.engine.config.RunConfigYaml;
import io.asrwb.engine.data.Utterance;
import io.asrwb.engine.inference.RunAlphabet;
import io.asrwb.engine.inference.TrainedModel;
import io.asrwb.engine.inference.Transcriber;
import io.asrwb.engine.train.average.AverageMember;
import io.asrwb.engine.train.average.AveragedFrom;
import io.asrwb.engine.train.average.AveragingRefused;
import io.asrwb.engine.train.average.CheckpointAverager;
import io.asrwb.engine.train.average.MemberChoice;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.deeplearning4j.nn.graph.ComputationGraph;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.nd4j.linalg.api.buffer.DataType;
import org.nd4j.linalg.api.ndarray.INDArray;

/**
 * Checkpoint averaging on a real run: a tiny DS2 with BatchNorm trained for a few steps by the
 * trainer, a checkpoint and a validation WER after every step.
 */
class CheckpointAveragingTest {

    @TempDir static Path shared;
    @TempDir Path dir;

    private static Path run;
    private static Utterance probe;

    @BeforeAll
    static void train() throws Exception {
        Path wav = shared.resolve("wav");
        List<Utterance> train = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            train.add(TrainerRuns.tone(wav, "t" + i, 0.6 + 0.05 * i, i % 2 == 0 ? "yes" : "no"));
        }
        List<Utterance> val =
                List.of(
                        TrainerRuns.tone(wav, "v0", 0.7, "yes"),
                        TrainerRuns.tone(wav, "v1", 0.65, "no"));
        probe = val.get(0);
        RunConfig config =
                RunConfigYaml.standard()
                        .read(
                                TrainerRuns.TINY_MODEL
                                                .replace(
                                                        "  rnn_layers: 1\n",
                                                        "  rnn_layers: 2\n  conv_batch_norm: true\n"
                                                                + "  rnn_batch_norm: true\n")
                                                .replace(
                                                        "eval_every_steps: 1000",
                                                        "eval_every_steps: 1")
                                                .replace(
                                                        "checkpoint_every_steps: 1000",
                                                        "checkpoint_every_steps: 1")
                                        + "  epochs: 2\n  keep_last: 20\n  keep_best_by_wer: 20\n",
                                "averaging test config");
        run = shared.resolve("run");
        Trainer.start(
                        new TrainingInputs(
                                config,
                                run,
                                RunAlphabet.of(config.alphabet(), Path.of("")),
                                train,
                                val,
                                "test"))
                .run();
        assertThat(CheckpointStore.openReadOnly(run).checkpoints()).hasSizeGreaterThanOrEqualTo(3);
    }

    @Test
    void averageOfTwoIdenticalCheckpointsIsThatCheckpoint() throws IOException {
        Path copyRun = dir.resolve("copies");
        Checkpoint newest = CheckpointStore.openReadOnly(run).latest().orElseThrow();
        Path checkpoints = Files.createDirectories(copyRun.resolve(CheckpointStore.DIRECTORY));
        copyTree(newest.directory(), checkpoints.resolve("step-000000001"));
        copyTree(newest.directory(), checkpoints.resolve("step-000000002"));

        Path out = dir.resolve("avg");
        CheckpointAverager.average(copyRun, MemberChoice.last(2), out);

        ComputationGraph original = TrainedModel.load(newest.directory()).graph();
        ComputationGraph averaged = TrainedModel.load(out).graph();
        assertThat(averaged.params()).isEqualTo(original.params());
    }

    @Test
    void averageOfTwoIsTheirMeanPerParameterRunningStatisticsIncluded() throws IOException {
        List<Checkpoint> all = CheckpointStore.openReadOnly(run).checkpoints();
        ComputationGraph a = TrainedModel.load(all.get(all.size() - 2).directory()).graph();
        ComputationGraph b = TrainedModel.load(all.get(all.size() - 1).directory()).graph();
        Path out = dir.resolve("avg");

        CheckpointAverager.average(run, MemberChoice.last(2), out);

        ComputationGraph averaged = TrainedModel.load(out).graph();
        Map<String, INDArray> params = averaged.paramTable();
        assertThat(params).containsKeys("conv1_bn_runningMean", "lstm2_bn_runningVar");
        for (Map.Entry<String, INDArray> entry : params.entrySet()) {
            String key = entry.getKey();
            // every parameter moved between the two steps, or the test could not tell a mean
            assertThat(a.getParam(key)).as(key).isNotEqualTo(b.getParam(key));
            float[] expected =
                    a.getParam(key)
                            .castTo(DataType.DOUBLE)
                            .add(b.getParam(key).castTo(DataType.DOUBLE))
                            .divi(2)
                            .castTo(DataType.FLOAT)
                            .dup('c')
                            .data()
                            .asFloat();
            assertThat(entry.getValue().dup('c').data().asFloat())
                    .as(key)
                    .containsExactly(expected);
        }
    }

    @Test
    void theAverageLoadsTranscribesAndNamesItsMembers() throws Exception {
        Path out = dir.resolve("avg");
        CheckpointAverager.Result result =
                CheckpointAverager.average(run, MemberChoice.last(3), out);

        TrainedModel model = TrainedModel.load(out);
        Transcriber transcriber = Transcriber.greedy(model);
        float[][] logProbs = transcriber.logProbabilities(Path.of(probe.audio()));
        assertThat(logProbs).isNotEmpty();
        for (float[] frame : logProbs) {
            for (float value : frame) {
                assertThat(value).isFinite();
            }
        }
        assertThat(transcriber.transcribe(Path.of(probe.audio()))).isNotNull();

        AveragedFrom from = AveragedFrom.readFrom(out).orElseThrow();
        assertThat(from).isEqualTo(result.averagedFrom());
        assertThat(from.choice()).isEqualTo("last 3");
        List<Checkpoint> all = CheckpointStore.openReadOnly(run).checkpoints();
        List<Checkpoint> lastThree = all.subList(all.size() - 3, all.size());
        assertThat(from.members())
                .extracting(AverageMember::step)
                .containsExactlyElementsOf(lastThree.stream().map(Checkpoint::step).toList());
        for (int i = 0; i < 3; i++) {
            assertThat(from.members().get(i).modelSha256())
                    .isEqualTo(sha256(lastThree.get(i).modelFile()));
        }
        assertThat(model.state().step()).isEqualTo(lastThree.get(2).step());
        assertThat(model.state().metrics().wer()).as("never measured").isNull();
    }

    @Test
    void bestPicksTheLowestValidationWer() throws IOException {
        CheckpointStore store = CheckpointStore.openReadOnly(run);
        List<Checkpoint> all = store.checkpoints();
        double lowest = Double.MAX_VALUE;
        for (Checkpoint c : all) {
            lowest = Math.min(lowest, store.readState(c).metrics().wer());
        }

        CheckpointAverager.Result result =
                CheckpointAverager.average(run, MemberChoice.best(1), dir.resolve("best"));

        assertThat(result.averagedFrom().members())
                .singleElement()
                .extracting(AverageMember::wer)
                .isEqualTo(lowest);
    }

    @Test
    void refusesMembersOfAnotherAlphabetOrShapeAndTooFewCheckpoints() throws IOException {
        Checkpoint newest = CheckpointStore.openReadOnly(run).latest().orElseThrow();
        Path other = dir.resolve("mixed");
        Path checkpoints = Files.createDirectories(other.resolve(CheckpointStore.DIRECTORY));
        copyTree(newest.directory(), checkpoints.resolve("step-000000001"));
        Path second = checkpoints.resolve("step-000000002");
        copyTree(newest.directory(), second);
        Path state = second.resolve(Checkpoint.STATE_FILE);
        String json = Files.readString(state);
        Files.writeString(state, json.replace("\"z\" ]", "\"z\", \"é\" ]"));

        assertThatThrownBy(
                        () ->
                                CheckpointAverager.average(
                                        other, MemberChoice.last(2), dir.resolve("x")))
                .isInstanceOf(AveragingRefused.class)
                .hasMessageContaining("alphabets differ");

        Files.writeString(
                state,
                json.replaceAll(
                        "\"modelFingerprint\" : \"[^\"]+\"",
                        "\"modelFingerprint\" : \"sha256:other\""));
        assertThatThrownBy(
                        () ->
                                CheckpointAverager.average(
                                        other, MemberChoice.last(2), dir.resolve("x")))
                .isInstanceOf(AveragingRefused.class)
                .hasMessageContaining("model shapes differ");

        assertThatThrownBy(
                        () ->
                                CheckpointAverager.average(
                                        run, MemberChoice.last(99), dir.resolve("x")))
                .isInstanceOf(AveragingRefused.class)
                .hasMessageContaining("--last 99")
                .hasMessageContaining("keep_last");
        assertThat(dir.resolve("x")).doesNotExist();
    }

    private static void copyTree(Path from, Path to) throws IOException {
        Files.createDirectories(to);
        try (Stream<Path> files = Files.list(from)) {
            for (Path f : files.toList()) {
                Files.copy(f, to.resolve(f.getFileName()));
            }
        }
    }

    private static String sha256(Path file) throws Exception {
        return HexFormat.of()
                .formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(file)));
    }
}
