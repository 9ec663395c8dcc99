package io.asrwb.engine.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.asrwb.engine.events.TrainingEvent.EvalCompleted;
import io.asrwb.engine.store.Catalog;
import io.asrwb.engine.store.MetricPoint;
import io.asrwb.engine.store.RunRecord;
import io.asrwb.engine.store.RunRepository;
import io.asrwb.engine.train.ResumePlan;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run SIGKILLed some steps after a checkpoint, resumed and SIGKILLed again as it starts, then
 * resumed to its end: its events.jsonl repeats the steps after the checkpoint, and every engine
 * reader sees each step once, with the value of the attempt that computed it last — the eval
 * history early stopping reads, the catalog's metric rows (also between the attempts), and the
 * fold the app's charts and the remote follower's readers use.
 */
class ResumedEventsTest {

    private static final int STEPS = 14;
    private static final int CHECKPOINT_EVERY = 6;

    private static final String CONFIG =
            TinyCliConfig.YAML.replace(
                            "  batch_size: 4\n", "  batch_size: 4\n  max_duration_s: 0.6\n")
                    + String.join(
                            "\n",
                            "train:",
                            "  epochs: 100",
                            "  eval_every_steps: 2",
                            "  checkpoint_every_steps: " + CHECKPOINT_EVERY,
                            "  keep_last: 100",
                            "");

    @TempDir Path dir;

    @Test
    void everyReaderSeesEachStepOnceAfterKillsAndResumes() throws Exception {
        Path db = dir.resolve("catalog");
        Path config = dir.resolve("run.yaml");
        Files.writeString(config, CONFIG);
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
        CliRun reference =
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
        assertThat(reference.exit()).as(reference.err()).isZero();
        Map<Long, Double> losses = TrainingChild.folded(straight, "step", "loss");
        Map<Long, Double> wers = TrainingChild.folded(straight, "eval", "wer");
        assertThat(losses).hasSize(STEPS);
        assertThat(wers).isNotEmpty();

        // attempt 1: killed after its first checkpoint, once it has evaluated again
        Path run = dir.resolve("run");
        Process first =
                TrainingChild.start(
                        db,
                        "train",
                        "--config",
                        config.toString(),
                        "--dataset",
                        "demo",
                        "--out",
                        run.toString(),
                        "--max-steps",
                        String.valueOf(STEPS));
        TrainingChild.await(run, TrainingChild.type("eval", CHECKPOINT_EVERY + 1), first);
        TrainingChild.kill(first);
        long firstReached = lastStep(TrainingChild.events(run));
        assertThat(firstReached).isGreaterThan(CHECKPOINT_EVERY).isLessThan(2 * CHECKPOINT_EVERY);

        // attempt 2: killed as soon as it has said where it resumes
        Process second = TrainingChild.start(db, "resume", run.toString());
        TrainingChild.await(run, e -> e.path("resumed").asBoolean(), second);
        TrainingChild.kill(second);
        List<JsonNode> written = TrainingChild.events(run);
        List<JsonNode> ofSecond = written.subList(indexOfLastStart(written), written.size());
        long secondReached = Math.max(CHECKPOINT_EVERY, lastStep(ofSecond));
        try (Catalog catalog = Catalog.open(db)) {
            Map<Long, Double> rows = metric(catalog, run, "loss");
            assertThat(rows.keySet())
                    .as("the catalog keeps no step of attempt 1 after the resume's")
                    .allSatisfy(step -> assertThat(step).isLessThanOrEqualTo(secondReached));
            assertThat(rows).hasSize((int) secondReached);
        }

        // attempt 3: to the end
        CliRun third = CliRun.run(db, "resume", run.toString());
        assertThat(third.exit()).as(third.err()).isZero();

        List<JsonNode> all = TrainingChild.events(run);
        assertThat(all.stream().filter(e -> e.path("type").asText().equals("step")).count())
                .as("events.jsonl repeats the steps after the checkpoint (appended, never cut)")
                .isGreaterThan(STEPS);
        assertThat(all.stream().filter(e -> e.path("type").asText().equals("eval")).count())
                .as("and an evaluation after it")
                .isGreaterThan(wers.size());
        assertThat(TrainingChild.folded(run, "step", "loss")).isEqualTo(losses);
        assertThat(TrainingChild.folded(run, "eval", "wer")).isEqualTo(wers);

        List<EvalCompleted> history = ResumePlan.evalHistory(run);
        Map<Long, Double> historyWers = new TreeMap<>();
        history.forEach(
                e ->
                        assertThat(historyWers.put(e.step(), e.wer()))
                                .as("eval at step " + e.step() + " once in the history")
                                .isNull());
        assertThat(historyWers).isEqualTo(wers);

        try (Catalog catalog = Catalog.open(db)) {
            assertThat(metric(catalog, run, "loss")).isEqualTo(losses);
            assertThat(metric(catalog, run, "wer")).isEqualTo(wers);
            RunRecord record =
                    catalog.read(
                                    c ->
                                            new RunRepository(c)
                                                    .byRunDir(run.toAbsolutePath().toString()))
                            .orElseThrow();
            assertThat(record.lastStep()).isEqualTo(STEPS);
            assertThat(record.status()).isEqualTo(RunRepository.FINISHED);
        }
    }

    /**
     * Killed before its first checkpoint, a run is not lost for {@code resume}: it starts over from
     * step 0 in its folder (a second {@code train} there is refused), and its steps read once.
     */
    @Test
    void aRunKilledBeforeItsFirstCheckpointStartsOverOnResume() throws Exception {
        Path db = dir.resolve("catalog");
        Path config = dir.resolve("run.yaml");
        Files.writeString(
                config,
                CONFIG.replace(
                        "checkpoint_every_steps: " + CHECKPOINT_EVERY,
                        "checkpoint_every_steps: 1000"));
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
        Path run = dir.resolve("run");
        Process first =
                TrainingChild.start(
                        db,
                        "train",
                        "--config",
                        config.toString(),
                        "--dataset",
                        "demo",
                        "--out",
                        run.toString(),
                        "--max-steps",
                        "6");
        TrainingChild.await(run, TrainingChild.type("step", 2), first);
        TrainingChild.kill(first);
        Map<Long, Double> beforeKill = TrainingChild.folded(run, "step", "loss");
        assertThat(TrainingChild.events(run)).noneMatch(TrainingChild.type("checkpoint", 0));

        CliRun again =
                CliRun.run(
                        db,
                        "train",
                        "--config",
                        config.toString(),
                        "--dataset",
                        "demo",
                        "--out",
                        run.toString(),
                        "--max-steps",
                        "6");
        assertThat(again.exit()).isEqualTo(ExitCodes.FAILED);
        assertThat(again.err()).contains("already holds a run; resume it");

        CliRun resumed = CliRun.run(db, "resume", run.toString());

        assertThat(resumed.exit()).as(resumed.err()).isZero();
        assertThat(resumed.err())
                .contains("has no complete checkpoint yet")
                .contains("starts over from step 0");
        assertThat(TrainingChild.events(run))
                .filteredOn(TrainingChild.type("started", 0))
                .hasSize(2)
                .allSatisfy(e -> assertThat(e.path("step").asLong()).isZero());
        Map<Long, Double> losses = TrainingChild.folded(run, "step", "loss");
        assertThat(losses).hasSize(6);
        beforeKill.forEach(
                (step, loss) -> assertThat(losses.get(step)).as("step " + step).isEqualTo(loss));
    }

    private static Map<Long, Double> metric(Catalog catalog, Path runDir, String name) {
        return catalog.read(
                c -> {
                    RunRepository runs = new RunRepository(c);
                    long id = runs.byRunDir(runDir.toAbsolutePath().toString()).orElseThrow().id();
                    Map<Long, Double> out = new TreeMap<>();
                    for (MetricPoint p : runs.metric(id, name)) {
                        assertThat(out.put(p.step(), p.value()))
                                .as(name + " at step " + p.step() + " once")
                                .isNull();
                    }
                    return out;
                });
    }

    private static long lastStep(List<JsonNode> events) {
        return events.stream()
                .filter(e -> e.path("type").asText().equals("step"))
                .mapToLong(e -> e.path("step").asLong())
                .max()
                .orElse(0);
    }

    private static int indexOfLastStart(List<JsonNode> events) {
        for (int i = events.size() - 1; i >= 0; i--) {
            if (events.get(i).path("type").asText().equals("started")) {
                return i;
            }
        }
        throw new AssertionError("no started event");
    }
}
