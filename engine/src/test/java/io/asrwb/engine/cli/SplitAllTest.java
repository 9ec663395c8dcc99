package io.asrwb.engine.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.asrwb.engine.testing.DemoSubset;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A NeMo manifest without a {@code split} key (the usual one) imports with no split: the commands
 * that read a split refuse {@code test} saying what the dataset has and what to do, and read every
 * utterance with {@code --split all}. The bundled demo model does the decoding.
 */
class SplitAllTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir Path dir;
    Path db;
    String model;

    @BeforeEach
    void importDemoSpeechWithoutSplits() {
        db = dir.resolve("catalog");
        Path manifest = DemoSubset.writeUnsplit(dir.resolve("corpus"), 3, 2, 2.5);
        CliRun imported =
                CliRun.run(
                        db,
                        "dataset",
                        "import",
                        "--format",
                        "nemo",
                        "--name",
                        "real",
                        manifest.toString());
        assertThat(imported.exit()).as(imported.err()).isZero();
        model = DemoSubset.demoCorpus().resolveSibling("demo-model").toString();
    }

    private JsonNode last(CliRun run) throws Exception {
        assertThat(run.exit()).as(run.err()).isZero();
        List<String> lines = run.lines();
        return JSON.readTree(lines.get(lines.size() - 1));
    }

    @Test
    void evalAlignAndCompareReadEveryUtteranceWithSplitAll() throws Exception {
        CliRun refused = CliRun.run(db, "eval", "--model", model, "--dataset", "real");
        assertThat(refused.exit()).isEqualTo(ExitCodes.FAILED);
        assertThat(refused.err())
                .contains(
                        "dataset real has no test utterances (it has 6 without a split); use"
                                + " --split all, or give it splits: asrwb dataset split real");

        JsonNode eval =
                last(
                        CliRun.run(
                                db,
                                "--porcelain",
                                "eval",
                                "--model",
                                model,
                                "--dataset",
                                "real",
                                "--split",
                                "all"));
        assertThat(eval.path("split").asText()).isEqualTo("all");
        assertThat(eval.path("utterances").asInt()).isEqualTo(6);

        JsonNode align =
                last(
                        CliRun.run(
                                db,
                                "--porcelain",
                                "align",
                                "--model",
                                model,
                                "--dataset",
                                "real",
                                "--split",
                                "all"));
        assertThat(align.path("utterances").asInt()).isEqualTo(6);
        CliRun exported =
                CliRun.run(
                        db,
                        "align",
                        "export",
                        "--dataset",
                        "real",
                        "--split",
                        "all",
                        "--export",
                        "ctm",
                        "--out",
                        dir.resolve("aligned").toString());
        assertThat(exported.exit()).as(exported.err()).isZero();

        CliRun compare =
                CliRun.run(
                        db,
                        "compare",
                        "--a",
                        model,
                        "--b",
                        model,
                        "--dataset",
                        "real",
                        "--split",
                        "all",
                        "--resamples",
                        "50");
        assertThat(compare.exit()).as(compare.err()).isZero();
        assertThat(compare.out()).contains("real/all");
    }

    @Test
    void lmBuildLmTuneAndRelabelTakeSplitAll() throws Exception {
        Path arpa = dir.resolve("real.arpa");
        CliRun built =
                CliRun.run(
                        db,
                        "lm",
                        "build",
                        "--dataset",
                        "real",
                        "--split",
                        "all",
                        "--order",
                        "2",
                        "--out",
                        arpa.toString());
        assertThat(built.exit()).as(built.err()).isZero();
        assertThat(built.out()).contains("6 transcripts of real all");

        CliRun refused =
                CliRun.run(
                        db,
                        "lm",
                        "tune",
                        "--model",
                        model,
                        "--dataset",
                        "real",
                        "--lm",
                        arpa.toString());
        assertThat(refused.err()).contains("dataset real has no val utterances");
        JsonNode tuned =
                last(
                        CliRun.run(
                                db,
                                "--porcelain",
                                "lm",
                                "tune",
                                "--model",
                                model,
                                "--dataset",
                                "real",
                                "--split",
                                "all",
                                "--lm",
                                arpa.toString(),
                                "--alphas",
                                "0,0.5",
                                "--betas",
                                "0",
                                "--beam-width",
                                "4"));
        assertThat(tuned.path("split").asText()).isEqualTo("all");
        assertThat(tuned.path("utterances").asInt()).isEqualTo(6);

        CliRun relabel = CliRun.run(db, "dataset", "relabel", "real", "--split", "all");
        assertThat(relabel.exit()).as(relabel.err()).isZero();
        CliRun json = CliRun.run(db, "dataset", "relabel", "real", "--split", "all", "--json");
        assertThat(JSON.readTree(json.out()).path("split").asText()).isEqualTo("all");
    }
}
