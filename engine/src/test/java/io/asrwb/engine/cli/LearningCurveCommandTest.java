package io.asrwb.engine.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.asrwb.engine.config.RunConfigYaml;
import io.asrwb.engine.curve.CurveListener;
import io.asrwb.engine.curve.CurveRequest;
import io.asrwb.engine.curve.CurveState;
import io.asrwb.engine.curve.LearningCurve;
import io.asrwb.engine.data.curation.SplitRequest.By;
import io.asrwb.engine.events.TrainingEvent;
import io.asrwb.engine.events.TrainingEvent.StepCompleted;
import io.asrwb.engine.store.Catalog;
import io.asrwb.engine.testing.DemoSubset;
import io.asrwb.engine.train.TrainSubset;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code asrwb learning-curve} on real demo speech: nested points trained a few steps each through
 * the same launcher as {@code train}, scored on the test split, a rerun that trains nothing again,
 * an interrupted point resumed from its checkpoint, and refusals in words.
 */
class LearningCurveCommandTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir static Path dir;
    private static Path db;
    private static Path config;

    @BeforeAll
    static void importMini() throws Exception {
        db = dir.resolve("catalog");
        Path manifest =
                DemoSubset.write(dir.resolve("corpus"), 1.6, Map.of("train", 12, "test", 3));
        config = dir.resolve("tiny.yaml");
        Files.writeString(config, TinyCliConfig.YAML);
        CliRun imported =
                CliRun.run(
                        db,
                        "dataset",
                        "import",
                        "--format",
                        "nemo",
                        "--name",
                        "mini",
                        manifest.toString());
        assertThat(imported.exit()).as(imported.err()).isZero();
        Path trainOnly = DemoSubset.write(dir.resolve("train-only"), 1.6, Map.of("train", 4));
        CliRun second =
                CliRun.run(
                        db,
                        "dataset",
                        "import",
                        "--format",
                        "nemo",
                        "--name",
                        "trainonly",
                        trainOnly.toString());
        assertThat(second.exit()).as(second.err()).isZero();
    }

    private static long lineCount(Path file) throws java.io.IOException {
        return Files.readAllLines(file).size();
    }

    private static CliRun curve(Path out, String fractions) {
        return CliRun.run(
                db,
                "learning-curve",
                "--dataset",
                "mini",
                "--config",
                config.toString(),
                "--fractions",
                fractions,
                "--max-steps",
                "2",
                "--out",
                out.toString());
    }

    @Test
    void measuresNestedPointsOnTheTestSplitPlotsThemAndARerunTrainsNothing() throws Exception {
        Path out = dir.resolve("curve");

        CliRun run = curve(out, "0.25,0.5,1");

        assertThat(run.exit()).as(run.err()).isZero();
        JsonNode state = JSON.readTree(out.resolve(CurveState.FILE).toFile());
        assertThat(state.path("evalSplit").asText()).isEqualTo("test");
        List<JsonNode> points = new ArrayList<>();
        state.path("points").forEach(points::add);
        assertThat(points)
                .hasSize(3)
                .allSatisfy(
                        p -> {
                            assertThat(p.path("status").asText()).isEqualTo("DONE");
                            assertThat(p.path("wer").isNumber()).isTrue();
                            assertThat(p.path("cer").asDouble()).isBetween(0.0, 10.0);
                        });
        List<String> before = List.of();
        double hours = 0;
        for (JsonNode p : points) {
            assertThat(p.path("hours").asDouble()).isGreaterThan(hours);
            hours = p.path("hours").asDouble();
            List<String> ids =
                    Files.readAllLines(
                            out.resolve(p.path("runDir").asText()).resolve(TrainSubset.FILE));
            assertThat(ids).hasSize(p.path("utterances").asInt()).containsAll(before);
            before = ids;
        }
        assertThat(run.out())
                .contains("point 1/3: 0.25 of the training data")
                .contains("3 of 3 points measured on mini/test")
                .contains("plot: " + out.resolve("learning-curve.png"));
        assertThat(run.out())
                .containsPattern("An extrapolation from 3 points|No extrapolation: WER is 0");
        assertThat(Files.size(out.resolve("learning-curve.png"))).isGreaterThan(1000);
        List<Long> eventLines = new ArrayList<>();
        for (JsonNode p : points) {
            eventLines.add(
                    lineCount(out.resolve(p.path("runDir").asText()).resolve("events.jsonl")));
        }

        CliRun again = curve(out, "0.25,0.5,1");

        assertThat(again.exit()).as(again.err()).isZero();
        assertThat(again.out()).doesNotContain("point 1/3").contains("3 of 3 points measured");
        for (int i = 0; i < points.size(); i++) {
            assertThat(
                            lineCount(
                                    out.resolve(points.get(i).path("runDir").asText())
                                            .resolve("events.jsonl")))
                    .isEqualTo(eventLines.get(i));
        }
        CliRun otherQuestion = curve(out, "0.5,1");
        assertThat(otherQuestion.exit()).isNotZero();
        assertThat(otherQuestion.err())
                .contains(
                        "holds a learning curve of another question (fractions [0.25, 0.5, 1.0])");
    }

    @Test
    void anInterruptedPointResumesFromItsCheckpointAndFinishedPointsAreNotRetrained()
            throws Exception {
        Path out = dir.resolve("interrupted");
        CurveRequest request =
                new CurveRequest(
                        "mini",
                        RunConfigYaml.standard()
                                .read(TinyCliConfig.YAML, "tiny")
                                .withTrain(
                                        RunConfigYaml.standard()
                                                .read(TinyCliConfig.YAML, "tiny")
                                                .train()
                                                .withMaxSteps(3)),
                        List.of(0.5, 1.0),
                        By.UTTERANCE,
                        1);
        try (Catalog catalog = Catalog.open(db)) {
            LearningCurve[] curve = new LearningCurve[1];
            int[] started = {0};
            curve[0] =
                    new LearningCurve(
                            catalog,
                            request,
                            out,
                            new CurveListener() {
                                @Override
                                public void note(String line) {}

                                @Override
                                public void pointStarted(CurveState state, int index) {
                                    started[0]++;
                                }

                                @Override
                                public void training(TrainingEvent e) {
                                    // the second point is stopped after its first step, as Ctrl-C
                                    // does
                                    if (started[0] == 2
                                            && e instanceof StepCompleted s
                                            && s.step() == 1) {
                                        curve[0].stop();
                                    }
                                }

                                @Override
                                public void pointDone(
                                        CurveState state, int index, OptionalDouble eta) {}
                            });
            CurveState stopped = curve[0].run();
            assertThat(stopped.points())
                    .extracting(p -> p.status().name())
                    .containsExactly("DONE", "PENDING");
        }
        Path first = out.resolve(CurveState.read(out).points().get(0).runDir());
        long firstEvents = lineCount(first.resolve("events.jsonl"));

        CliRun resumed =
                CliRun.run(
                        db,
                        "learning-curve",
                        "--dataset",
                        "mini",
                        "--config",
                        config.toString(),
                        "--fractions",
                        "0.5,1",
                        "--max-steps",
                        "3",
                        "--out",
                        out.toString());

        assertThat(resumed.exit()).as(resumed.err()).isZero();
        assertThat(resumed.out()).doesNotContain("point 1/2").contains("point 2/2");
        assertThat(resumed.err()).contains("resuming the interrupted training in");
        assertThat(lineCount(first.resolve("events.jsonl"))).isEqualTo(firstEvents);
        CurveState state = CurveState.read(out);
        assertThat(state.done()).hasSize(2);
        Path second = out.resolve(state.points().get(1).runDir());
        List<JsonNode> starts = new ArrayList<>();
        for (String line : Files.readAllLines(second.resolve("events.jsonl"))) {
            JsonNode e = JSON.readTree(line);
            if (e.path("type").asText().equals("started")) {
                starts.add(e);
            }
        }
        assertThat(starts).hasSize(2);
        assertThat(starts.get(1).path("step").asLong()).isEqualTo(1);
    }

    @Test
    void refusesBadFractionsAndADatasetWithoutAnEvaluationSplitInWords() {
        CliRun outside = curve(dir.resolve("bad1"), "0.5,1.5");
        CliRun decreasing = curve(dir.resolve("bad2"), "0.5,0.25");
        CliRun noEval =
                CliRun.run(
                        db,
                        "learning-curve",
                        "--dataset",
                        "trainonly",
                        "--config",
                        config.toString(),
                        "--out",
                        dir.resolve("bad3").toString());

        assertThat(outside.exit()).isNotZero();
        assertThat(outside.err()).contains("fraction 1.5 is outside (0, 1]");
        assertThat(decreasing.exit()).isNotZero();
        assertThat(decreasing.err()).contains("fractions must increase: 0.25 follows 0.5");
        assertThat(noEval.exit()).isNotZero();
        assertThat(noEval.err())
                .contains("dataset trainonly has no test or val utterances")
                .contains("asrwb dataset split trainonly");
        assertThat(dir.resolve("bad3").resolve(CurveState.FILE)).doesNotExist();
    }
}
