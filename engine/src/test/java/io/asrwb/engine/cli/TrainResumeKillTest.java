package io.asrwb.engine.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The test that matters for checkpoints: N steps straight give the same per-step losses as N/2
 * steps, a SIGKILL of the training process, {@code asrwb resume} and the rest. Also checks the
 * events.jsonl contract and that a foreign checkpoint is refused.
 */
class TrainResumeKillTest {

    private static final int STEPS = 8;

    /**
     * Tiny model, the demo corpus's utterances under 0.6 s (15), batch 4, a checkpoint every step,
     * every augmentation on (drawn from (seed, stage, epoch, id), so it must repeat exactly too), two
     * loader workers.
     */
    private static final String CONFIG =
            String.join(
                    "\n",
                    "preset: tiny",
                    "data:",
                    "  max_duration_s: 0.6",
                    "  batch_size: 4",
                    "  duration_buckets: 2",
                    "  val_splits: []",
                    "  loader_threads: 2",
                    "  prefetch_batches: 3",
                    "augment:",
                    "  spec_augment: true",
                    "  speed_perturb: true",
                    "  noise: true",
                    "  noise_probability: 0.5",
                    "train:",
                    "  eval_every_steps: 4",
                    "  checkpoint_every_steps: 1",
                    "  keep_last: 2",
                    "");

    @TempDir Path dir;

    /** The tiny model with batch norm after its convolution and between two LSTMs (running statistics in the checkpoint). */
    private static final String BATCH_NORM =
            String.join(
                    "\n",
                    "model:",
                    "  rnn_layers: 2",
                    "  hidden_size: 32",
                    "  conv_batch_norm: true",
                    "  rnn_batch_norm: true",
                    "");

    @ParameterizedTest(name = "batch norm {0}")
    @ValueSource(booleans = {false, true})
    void killedAndResumedRunRepeatsTheUninterruptedLossesExactly(boolean batchNorm)
            throws Exception {
        Path db = dir.resolve("catalog");
        Path config = dir.resolve("run.yaml");
        Files.writeString(config, CONFIG + (batchNorm ? BATCH_NORM : ""));
        assertThat(
                        CliRun.run(
                                        db,
                                        "dataset",
                                        "import",
                                        "--format",
                                        "nemo",
                                        "--name",
                                        "demo",
                                        TrainingChild.demoManifest().toString())
                                .exit())
                .isZero();

        Path straight = dir.resolve("straight");
        CliRun run =
                CliRun.run(
                        db,
                        "train",
                        "--config",
                        config.toString(),
                        "--dataset",
                        "demo",
                        "--out",
                        straight.toString(),
                        "--max-steps",
                        String.valueOf(STEPS));
        assertThat(run.exit()).as(run.err()).isZero();
        Map<Long, Double> expected = TrainingChild.folded(straight, "step", "loss");
        assertThat(expected).hasSize(STEPS);

        Path killed = dir.resolve("killed");
        Process child =
                TrainingChild.start(
                        db,
                        "train",
                        "--config",
                        config.toString(),
                        "--dataset",
                        "demo",
                        "--out",
                        killed.toString(),
                        "--max-steps",
                        String.valueOf(STEPS));
        long killedAfter =
                TrainingChild.await(killed, TrainingChild.type("checkpoint", STEPS / 2), child)
                        .path("step")
                        .asLong();
        TrainingChild.kill(child);
        assertThat(killedAfter).isLessThan(STEPS);

        CliRun resumed = CliRun.run(db, "resume", killed.toString());
        assertThat(resumed.exit()).as(resumed.err()).isZero();
        Map<Long, Double> actual = TrainingChild.folded(killed, "step", "loss"); // each step once
        assertThat(actual).isEqualTo(expected); // bitwise: ND4J on CPU repeats exactly

        List<JsonNode> events = TrainingChild.events(killed);
        assertThat(events)
                .allSatisfy(
                        e -> {
                            assertThat(e.path("type").asText())
                                    .isIn(
                                            "started",
                                            "step",
                                            "eval",
                                            "checkpoint",
                                            "skipped",
                                            "failed",
                                            "finished",
                                            "heartbeat");
                            assertThat(e.has("step")).isTrue();
                        });
        assertThat(events)
                .filteredOn(e -> e.path("type").asText().equals("step"))
                .allSatisfy(e -> assertThat(e.path("loss").isNumber()).isTrue());
        assertThat(events)
                .filteredOn(e -> e.path("type").asText().equals("eval"))
                .isNotEmpty()
                .allSatisfy(
                        e ->
                                assertThat(e.path("wer").isNumber() && e.path("cer").isNumber())
                                        .isTrue());
        assertThat(events.get(events.size() - 1).path("type").asText()).isEqualTo("finished");
        assertThat(events)
                .filteredOn(
                        e ->
                                e.path("type").asText().equals("started")
                                        && e.path("resumed").asBoolean())
                .hasSize(1);

        Path audio =
                TrainingChild.demoManifest()
                        .getParent()
                        .resolve("audio/espeak-en-us-m1/espeak-en-us-m1-000.flac");
        CliRun transcribed =
                CliRun.run(db, "transcribe", "--model", killed.toString(), audio.toString());
        assertThat(transcribed.exit()).as(transcribed.err()).isZero();
        assertThat(transcribed.lines()).hasSize(1);
        assertThat(transcribed.lines().get(0)).startsWith(audio + "\t");
    }

    @Test
    void aCheckpointOfAnotherModelIsRefusedOnResume() throws Exception {
        Path db = dir.resolve("catalog");
        Path config = dir.resolve("run.yaml");
        Files.writeString(config, CONFIG);
        CliRun.run(
                db,
                "dataset",
                "import",
                "--format",
                "nemo",
                "--name",
                "demo",
                TrainingChild.demoManifest().toString());
        Path runDir = dir.resolve("run");
        assertThat(
                        CliRun.run(
                                        db,
                                        "train",
                                        "--config",
                                        config.toString(),
                                        "--dataset",
                                        "demo",
                                        "--out",
                                        runDir.toString(),
                                        "--max-steps",
                                        "1")
                                .exit())
                .isZero();
        // the run's config now describes another model than its checkpoint holds
        Path saved = runDir.resolve("config.yaml");
        String edited =
                Files.readString(saved).replaceFirst("hidden_size: \\d+", "hidden_size: 32");
        assertThat(edited).isNotEqualTo(Files.readString(saved));
        Files.writeString(saved, edited);

        CliRun resumed = CliRun.run(db, "resume", runDir.toString());

        assertThat(resumed.exit()).isEqualTo(ExitCodes.FAILED);
        assertThat(resumed.err()).contains("fingerprint");
    }
}
