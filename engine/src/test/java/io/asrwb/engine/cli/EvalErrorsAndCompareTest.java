package io.asrwb.engine.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.asrwb.engine.analysis.EvalRepository;
import io.asrwb.engine.store.Catalog;
import io.asrwb.engine.store.DatasetRepository;
import io.asrwb.engine.testing.DemoSubset;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code eval --errors} and {@code compare} on part of the demo corpus: the demo model against a
 * DS2 trained for one step (which gets nearly every word wrong), and against itself.
 */
class EvalErrorsAndCompareTest {

    @TempDir static Path dir;

    private static Path db;
    private static Path demo;
    private static Path weak;

    @BeforeAll
    static void importAndTrainAWeakModel() throws Exception {
        db = dir.resolve("catalog");
        Path manifest =
                DemoSubset.write(dir.resolve("corpus"), 2.0, Map.of("train", 8, "test", 12));
        assertThat(
                        CliRun.run(
                                        db,
                                        "dataset",
                                        "import",
                                        "--format",
                                        "nemo",
                                        "--name",
                                        "mini",
                                        manifest.toString())
                                .exit())
                .isZero();
        Path config = Files.writeString(dir.resolve("run.yaml"), TinyCliConfig.YAML);
        weak = dir.resolve("weak");
        CliRun trained =
                CliRun.run(
                        db,
                        "train",
                        "--config",
                        config.toString(),
                        "--dataset",
                        "mini",
                        "--out",
                        weak.toString(),
                        "--max-steps",
                        "1");
        assertThat(trained.exit()).as(trained.err()).isZero();
        demo = DemoSubset.demoCorpus().resolveSibling("demo-model");
    }

    @Test
    void evalErrorsWritesEachUtterancesDiffAndTheTablesAndKeepsTheEval() throws Exception {
        Path file = dir.resolve("errors.json");

        CliRun run =
                CliRun.run(
                        db,
                        "eval",
                        "--model",
                        demo.toString(),
                        "--dataset",
                        "mini",
                        "--decoder",
                        "greedy",
                        "--errors",
                        file.toString());

        assertThat(run.exit()).as(run.err()).isZero();
        assertThat(run.out())
                .contains("most frequent substitutions (reference -> hypothesis)")
                .contains("word accuracy, worst first")
                .contains("WER by speaker (utterances, words, errors)")
                .contains("WER by duration")
                .contains("word-by-word diffs of every utterance: " + file);
        JsonNode json = new ObjectMapper().readTree(file.toFile());
        assertThat(json.path("split").asText()).isEqualTo("test");
        assertThat(json.path("utterances")).hasSize(12);
        JsonNode first = json.path("utterances").get(0);
        assertThat(first.path("speaker").asText()).startsWith("espeak-").isNotEmpty();
        assertThat(first.path("edits").size())
                .isGreaterThanOrEqualTo(first.path("reference_words").asInt());
        assertThat(first.path("edits").get(0).path("op").asText()).isIn("ok", "sub", "del", "ins");
        int words = 0;
        int errors = 0;
        for (JsonNode u : json.path("utterances")) {
            words += u.path("reference_words").asInt();
            errors += u.path("word_errors").asInt();
        }
        assertThat(json.path("reference_words").asInt()).isEqualTo(words);
        assertThat((double) errors / words)
                .isCloseTo(
                        json.path("wer").asDouble(), org.assertj.core.api.Assertions.within(1e-9));
        assertThat(json.path("wer_by").path("speaker").size()).isPositive();
        try (Catalog catalog = Catalog.open(db)) {
            Map<String, List<Double>> history =
                    catalog.read(
                            c ->
                                    new EvalRepository(c)
                                            .cerHistory(
                                                    new DatasetRepository(c).require("mini").id()));
            assertThat(history).hasSize(12);
            assertThat(history.values()).allSatisfy(cers -> assertThat(cers).isNotEmpty());
        }
    }

    @Test
    void theDemoModelAgainstAOneStepModelIsASignificantGain() throws Exception {
        CliRun run =
                CliRun.run(
                        db,
                        "--porcelain",
                        "compare",
                        "--a",
                        weak.toString(),
                        "--b",
                        demo.toString(),
                        "--dataset",
                        "mini",
                        "--decoder",
                        "greedy");

        assertThat(run.exit()).as(run.err()).isZero();
        List<String> lines = run.lines();
        JsonNode summary = new ObjectMapper().readTree(lines.get(lines.size() - 1));
        assertThat(summary.path("type").asText()).isEqualTo("compare");
        assertThat(summary.path("utterances").asInt()).isEqualTo(12);
        assertThat(summary.path("improved").asInt()).isGreaterThan(6);
        assertThat(summary.path("delta").asDouble()).isLessThan(-0.5);
        assertThat(summary.path("ci_high").asDouble()).isNegative();
        assertThat(summary.path("significant").asBoolean()).isTrue();
        JsonNode utterance = new ObjectMapper().readTree(lines.get(0));
        assertThat(utterance.path("type").asText()).isEqualTo("compare_utterance");
        assertThat(utterance.has("hypothesis_a") && utterance.has("hypothesis_b")).isTrue();
    }

    @Test
    void aCheckpointAgainstItselfChangesNothing() {
        CliRun run =
                CliRun.run(
                        db,
                        "compare",
                        "--a",
                        demo.toString(),
                        "--b",
                        demo.toString(),
                        "--dataset",
                        "mini",
                        "--decoder",
                        "greedy");

        assertThat(run.exit()).as(run.err()).isZero();
        assertThat(run.out())
                .contains("mini/test, 12 utterances: 0 improved, 0 regressed, 12 unchanged")
                .contains("WER(B) - WER(A) = +0.00 points, 95 % interval [+0.00, +0.00]")
                .contains("not significant: the interval holds 0");
    }
}
