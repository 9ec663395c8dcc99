package io.asrwb.engine.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code asrwb train --init-from CKPT [--freeze …]} on the bundled demo model: one step of a real
 * fine-tuning run, and the refusals a user meets, each one line.
 */
class FineTuneCommandTest {

    private static final Path DEMO_MODEL = Path.of("..", "assets", "demo-model");

    @TempDir Path dir;

    /** A catalog holding the demo corpus as dataset {@code demo}. */
    private Path importDemo() {
        Path db = dir.resolve("catalog");
        CliRun imported =
                CliRun.run(
                        db,
                        "dataset",
                        "import",
                        "--format",
                        "nemo",
                        "--name",
                        "demo",
                        TrainingChild.demoManifest().toString());
        assertThat(imported.exit()).as(imported.err()).isZero();
        return db;
    }

    @Test
    void fineTunesTheDemoModelAndRecordsWhereTheRunStarted() throws Exception {
        Path db = importDemo();
        Path run = dir.resolve("run");
        CliRun train =
                CliRun.run(
                        db,
                        "train",
                        "--config",
                        DEMO_MODEL.resolve("train-config.yaml").toString(),
                        "--init-from",
                        DEMO_MODEL.toString(),
                        "--freeze",
                        "conv,rnn.0",
                        "--dataset",
                        "demo",
                        "--max-steps",
                        "1",
                        "--out",
                        run.toString());

        assertThat(train.exit()).as(train.err()).isZero();
        assertThat(train.err() + train.out())
                .contains("fine-tuning from")
                .contains("sha256:")
                .contains("frozen: conv, rnn.0");
        String state =
                Files.readString(
                        run.resolve("checkpoints").resolve("step-000000001").resolve("state.json"));
        assertThat(state).contains("startedFrom").contains("demo-model").contains("rnn.0");
        // the fine-tune data as the run's, the demo model's own summary kept as its base
        CliRun info = CliRun.run(db, "transcribe", "--model", run.toString(), "--info");
        assertThat(info.exit()).as(info.err()).isZero();
        assertThat(info.lines().get(1))
                .startsWith("trained on: ")
                .contains(" utterances, ")
                .endsWith(
                        "; fine-tuned from a model trained on 16.8 h, 34 286 utterances, 739"
                                + " voices, all synthetic (espeak-ng, flite)");
        assertThat(Files.readString(run.resolve("config.yaml")))
                .contains("init_from:")
                .contains("freeze:");
    }

    @Test
    void anUnknownLayerIsRefusedListingTheValidOnes() {
        CliRun train =
                CliRun.run(
                        dir.resolve("catalog"),
                        "train",
                        "--config",
                        "tiny",
                        "--init-from",
                        DEMO_MODEL.toString(),
                        "--freeze",
                        "lstm",
                        "--dataset",
                        "demo");
        assertThat(train.exit()).isNotZero();
        assertThat(train.err())
                .contains(
                        "--freeze: no layer 'lstm' in this model; its layers are conv, conv.0,"
                                + " rnn, rnn.0, output")
                .doesNotContain("\tat ");
    }

    @Test
    void anotherModelThanTheCheckpointsIsRefusedNamingTheFirstDifference() throws Exception {
        Path db = importDemo();
        CliRun train =
                CliRun.run(
                        db,
                        "train",
                        "--config",
                        "tiny",
                        "--init-from",
                        DEMO_MODEL.toString(),
                        "--dataset",
                        "demo",
                        "--out",
                        dir.resolve("run").toString());
        assertThat(train.exit()).isNotZero();
        assertThat(train.err())
                .contains("differs from this run's")
                .contains("in the checkpoint")
                .doesNotContain("\tat ");
    }
}
