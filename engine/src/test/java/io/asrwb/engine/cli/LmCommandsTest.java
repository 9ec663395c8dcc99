package io.asrwb.engine.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.asrwb.engine.decode.lm.ArpaLanguageModel;
import io.asrwb.engine.decode.lm.ArpaReader;
import io.asrwb.engine.store.Catalog;
import io.asrwb.engine.store.CurationRepository;
import io.asrwb.engine.store.CurationState;
import io.asrwb.engine.store.DatasetRepository;
import io.asrwb.engine.store.StoredUtterance;
import io.asrwb.engine.store.UtteranceRepository;
import io.asrwb.engine.testing.DemoSubset;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code asrwb lm build} on a real catalog dataset (part of the demo corpus, curated), {@code lm
 * tune} with the bundled demo model, and {@code transcribe --decoder beam --lm}.
 */
class LmCommandsTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir Path dir;
    Path db;
    List<StoredUtterance> train;

    @BeforeEach
    void importPartOfTheDemoCorpus() throws Exception {
        db = dir.resolve("catalog");
        Path manifest =
                DemoSubset.write(
                        dir.resolve("corpus"), 2.5, Map.of("train", 10, "val", 4, "test", 2));
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
        try (Catalog catalog = Catalog.open(db)) {
            long id = catalog.read(c -> new DatasetRepository(c).require("mini").id());
            train =
                    catalog.read(c -> new UtteranceRepository(c).of(id)).stream()
                            .filter(s -> s.utterance().split().key().equals("train"))
                            .toList();
            // curation: one training utterance excluded, one edited to words no other transcript
            // has
            catalog.transaction(
                    c -> {
                        CurationRepository curation = new CurationRepository(c);
                        curation.save(
                                id,
                                new CurationState(
                                        train.get(0).utterance().id(),
                                        false,
                                        true,
                                        null,
                                        "",
                                        "test",
                                        Instant.EPOCH));
                        curation.save(
                                id,
                                new CurationState(
                                        train.get(1).utterance().id(),
                                        false,
                                        false,
                                        "Zebra crossing, QUICKLY!",
                                        "",
                                        "test",
                                        Instant.EPOCH));
                        return null;
                    });
        }
    }

    @Test
    void buildsAnArpaModelFromTheCuratedTrainingTranscriptsAndTextFiles() throws Exception {
        Path text = dir.resolve("extra.txt");
        Files.writeString(
                text, "go forward ten meters\n\nroom 101 is here\nGo forward, twenty meters.\n");
        Path arpa = dir.resolve("lm/mini.arpa");

        CliRun built =
                CliRun.run(
                        db,
                        "--porcelain",
                        "lm",
                        "build",
                        "--dataset",
                        "mini",
                        "--text",
                        text.toString(),
                        "--order",
                        "3",
                        "--out",
                        arpa.toString());

        assertThat(built.exit()).as(built.err()).isZero();
        assertThat(built.err())
                .contains("1 lines of " + text)
                .contains("the first at " + text + ":3");
        JsonNode record = JSON.readTree(built.lines().get(built.lines().size() - 1));
        assertThat(record.path("type").asText()).isEqualTo("lm");
        assertThat(record.path("sentences").asInt())
                .isEqualTo(9 + 2); // 10 train − 1 excluded, + 2 lines
        ArpaLanguageModel lm = ArpaReader.read(arpa);
        assertThat(lm.order()).isEqualTo(3);
        assertThat(lm.knows("zebra")).isTrue(); // the edited transcript, normalised
        assertThat(lm.knows("quickly")).isTrue();
        assertThat(lm.knows("Zebra")).isFalse();
        assertThat(lm.knows("101")).isFalse();
        for (String word : train.get(0).utterance().transcript().split(" ")) {
            boolean elsewhere =
                    train.stream()
                                    .skip(1)
                                    .anyMatch(
                                            s ->
                                                    List.of(s.utterance().transcript().split(" "))
                                                            .contains(word))
                            || List.of("go", "forward", "ten", "twenty", "meters").contains(word);
            if (!elsewhere) {
                assertThat(lm.knows(word))
                        .as("word only in the excluded utterance: " + word)
                        .isFalse();
            }
        }
        assertThat(lm.log10Probability(List.of("<s>", "go"), "forward"))
                .isGreaterThan(lm.log10Probability(List.of("<s>", "go"), "zebra"));

        CliRun human =
                CliRun.run(
                        db,
                        "lm",
                        "build",
                        "--dataset",
                        "mini",
                        "--splits",
                        "train,val",
                        "--order",
                        "2",
                        "--prune",
                        "0,1",
                        "--out",
                        dir.resolve("pruned.arpa").toString());
        assertThat(human.exit()).as(human.err()).isZero();
        assertThat(human.out())
                .contains("wrote " + dir.resolve("pruned.arpa") + ": 2-gram model")
                .contains("from 13 sentences (13 transcripts of mini train+val)")
                .contains("order 2: D1=");
        assertThat(ArpaReader.read(dir.resolve("pruned.arpa")).count(2)).isLessThan(30);
    }

    @Test
    void badInputGetsOneClearLine() {
        CliRun nothing = CliRun.run(db, "lm", "build", "--out", dir.resolve("x.arpa").toString());
        assertThat(nothing.exit()).isEqualTo(ExitCodes.FAILED);
        assertThat(nothing.err())
                .contains("give --dataset NAME and/or --text FILE")
                .doesNotContain("Exception");

        CliRun prune =
                CliRun.run(
                        db,
                        "lm",
                        "build",
                        "--dataset",
                        "mini",
                        "--prune",
                        "0,2,1",
                        "--out",
                        dir.resolve("x.arpa").toString());
        assertThat(prune.exit()).isEqualTo(ExitCodes.FAILED);
        assertThat(prune.err()).contains("--prune [0, 2, 1]: prune thresholds must not decrease");

        CliRun unknown =
                CliRun.run(
                        db,
                        "lm",
                        "build",
                        "--dataset",
                        "nope",
                        "--out",
                        dir.resolve("x.arpa").toString());
        assertThat(unknown.exit()).isEqualTo(ExitCodes.DATASET_NAME);
        assertThat(Files.exists(dir.resolve("x.arpa"))).isFalse();

        CliRun greedyWithLm =
                CliRun.run(
                        db,
                        "transcribe",
                        "--decoder",
                        "greedy",
                        "--lm",
                        dir.resolve("x.arpa").toString(),
                        DemoSubset.demoCorpus()
                                .resolve("audio/espeak-en-us-m1/espeak-en-us-m1-000.flac")
                                .toString());
        assertThat(greedyWithLm.exit()).isEqualTo(ExitCodes.FAILED);
        assertThat(greedyWithLm.err()).contains("--lm needs --decoder beam");
    }

    @Test
    void tuneGridsAlphaAndBetaWithTheDemoModelAndReportsTheMinimum() throws Exception {
        Path arpa = dir.resolve("mini.arpa");
        assertThat(
                        CliRun.run(
                                        db,
                                        "lm",
                                        "build",
                                        "--text",
                                        demoTrainingText().toString(),
                                        "--order",
                                        "2",
                                        "--out",
                                        arpa.toString())
                                .exit())
                .isZero();
        Path model = DemoSubset.demoCorpus().resolveSibling("demo-model");

        CliRun tuned =
                CliRun.run(
                        db,
                        "--porcelain",
                        "lm",
                        "tune",
                        "--model",
                        model.toString(),
                        "--dataset",
                        "mini",
                        "--lm",
                        arpa.toString(),
                        "--alphas",
                        "0,0.5,1",
                        "--betas",
                        "0,2",
                        "--beam-width",
                        "8");

        assertThat(tuned.exit()).as(tuned.err()).isZero();
        assertThat(tuned.err()).contains("scored 4 utterances once; decoding 6 grid points");
        assertThat(tuned.err())
                .contains("6/6  α=")
                .containsPattern("1/6  α=[01.5]+ β=[02]  WER \\d+\\.\\d\\d %");
        List<JsonNode> points = new ArrayList<>();
        JsonNode best = null;
        for (String line : tuned.lines()) {
            JsonNode node = JSON.readTree(line);
            if (node.path("type").asText().equals("lm-tune-point")) {
                points.add(node);
            } else if (node.path("type").asText().equals("lm-tune")) {
                best = node;
            }
        }
        assertThat(points).hasSize(6);
        assertThat(points)
                .extracting(p -> p.path("alpha").asDouble() + "/" + p.path("beta").asDouble())
                .containsExactly("0.0/0.0", "0.0/2.0", "0.5/0.0", "0.5/2.0", "1.0/0.0", "1.0/2.0");
        double minimum =
                points.stream().mapToDouble(p -> p.path("wer").asDouble()).min().orElseThrow();
        assertThat(best).isNotNull();
        assertThat(best.path("wer").asDouble()).isEqualTo(minimum);
        assertThat(best.path("utterances").asInt()).isEqualTo(4);
        assertThat(best.path("split").asText()).isEqualTo("val");

        CliRun human =
                CliRun.run(
                        db,
                        "lm",
                        "tune",
                        "--model",
                        model.toString(),
                        "--dataset",
                        "mini",
                        "--lm",
                        arpa.toString(),
                        "--alphas",
                        "0.5",
                        "--betas",
                        "0,1",
                        "--beam-width",
                        "4",
                        "--threads",
                        "1");
        assertThat(human.exit()).as(human.err()).isZero();
        assertThat(human.out())
                .containsPattern(
                        "α \\\\ β\\s+0\\s+1\\n\\s+0\\.5\\s+\\d+\\.\\d\\d[ *]\\s*\\d+\\.\\d\\d")
                .containsPattern("best: α=0\\.5 β=[01]  WER \\d+\\.\\d\\d %");
    }

    @Test
    void transcribeDecodesWithABeamAndTheLanguageModel() throws Exception {
        Path arpa = dir.resolve("demo.arpa");
        assertThat(
                        CliRun.run(
                                        db,
                                        "lm",
                                        "build",
                                        "--text",
                                        demoTrainingText().toString(),
                                        "--order",
                                        "3",
                                        "--out",
                                        arpa.toString())
                                .exit())
                .isZero();
        Path clip =
                DemoSubset.demoCorpus().resolve("audio/espeak-en-us-m1/espeak-en-us-m1-000.flac");

        CliRun beam =
                CliRun.run(
                        db,
                        "--porcelain",
                        "transcribe",
                        "--decoder",
                        "beam",
                        "--lm",
                        arpa.toString(),
                        "--alpha",
                        "0.5",
                        "--beta",
                        "1",
                        "--beam-width",
                        "16",
                        clip.toString());

        assertThat(beam.exit()).as(beam.err()).isZero();
        JsonNode record = JSON.readTree(beam.lines().get(beam.lines().size() - 1));
        assertThat(record.path("type").asText()).isEqualTo("transcript");
        assertThat(record.path("text").asText()).isNotBlank();
        CliRun human =
                CliRun.run(
                        db,
                        "transcribe",
                        "--decoder",
                        "beam",
                        "--lm",
                        arpa.toString(),
                        clip.toString());
        assertThat(human.exit()).as(human.err()).isZero();
        assertThat(human.out()).startsWith(clip + "\t");
    }

    @Test
    void tuneWriteMakesTheBestPairTheModelsDefaultDecoding() throws Exception {
        Path arpa = dir.resolve("mini.arpa");
        assertThat(
                        CliRun.run(
                                        db,
                                        "lm",
                                        "build",
                                        "--text",
                                        demoTrainingText().toString(),
                                        "--order",
                                        "2",
                                        "--out",
                                        arpa.toString())
                                .exit())
                .isZero();
        Path model = Files.createDirectories(dir.resolve("model"));
        Path demo = DemoSubset.demoCorpus().resolveSibling("demo-model");
        for (String name : List.of("model.zip", "state.json", "SHA256SUMS")) {
            Files.copy(demo.resolve(name), model.resolve(name));
        }
        CliRun before =
                CliRun.run(
                        db,
                        "eval",
                        "--model",
                        model.toString(),
                        "--dataset",
                        "mini",
                        "--split",
                        "test");
        assertThat(before.out()).as(before.err()).contains("greedy decoding");

        CliRun tuned =
                CliRun.run(
                        db,
                        "lm",
                        "tune",
                        "--model",
                        model.toString(),
                        "--dataset",
                        "mini",
                        "--lm",
                        arpa.toString(),
                        "--alphas",
                        "0.5",
                        "--betas",
                        "1",
                        "--beam-width",
                        "8",
                        "--write");

        assertThat(tuned.exit()).as(tuned.err()).isZero();
        assertThat(tuned.out()).contains("wrote " + model.resolve("decoding.yaml"));
        assertThat(Files.readString(model.resolve("mini.arpa"))).isEqualTo(Files.readString(arpa));
        assertThat(Files.readString(model.resolve("decoding.yaml")))
                .contains("decoder: beam")
                .contains("beam_width: 8")
                .contains("lm_path: mini.arpa")
                .contains("alpha: 0.5")
                .contains("beta: 1.0");
        Files.delete(arpa); // the model folder holds its own copy now

        CliRun byDefault =
                CliRun.run(
                        db,
                        "eval",
                        "--model",
                        model.toString(),
                        "--dataset",
                        "mini",
                        "--split",
                        "test");
        assertThat(byDefault.out())
                .as(byDefault.err())
                .contains("beam 8 + LM mini.arpa α 0.5 β 1.0 decoding");
        CliRun greedy =
                CliRun.run(
                        db,
                        "eval",
                        "--model",
                        model.toString(),
                        "--dataset",
                        "mini",
                        "--split",
                        "test",
                        "--decoder",
                        "greedy");
        assertThat(greedy.out()).as(greedy.err()).contains("greedy decoding");
        CliRun noLm =
                CliRun.run(
                        db,
                        "eval",
                        "--model",
                        model.toString(),
                        "--dataset",
                        "mini",
                        "--split",
                        "test",
                        "--no-lm");
        assertThat(noLm.out()).as(noLm.err()).contains("beam 8 decoding");
        Path clip =
                DemoSubset.demoCorpus().resolve("audio/espeak-en-us-m1/espeak-en-us-m1-000.flac");
        CliRun transcribed =
                CliRun.run(
                        db,
                        "transcribe",
                        "--model",
                        model.toString(),
                        "--alpha",
                        "2",
                        clip.toString());
        assertThat(transcribed.exit()).as(transcribed.err()).isZero();

        Files.writeString(
                model.resolve("decoding.yaml"),
                "decoder: beam\nlm_path: gone.arpa\nalpha: 1\nbeta: 1\nbeam_width: 4\n");
        CliRun broken = CliRun.run(db, "transcribe", "--model", model.toString(), clip.toString());
        assertThat(broken.exit()).isNotZero();
        assertThat(broken.err())
                .contains(
                        model.resolve("decoding.yaml")
                                + ": lm_path gone.arpa is not a file beside it")
                .doesNotContain("Exception");
        Files.writeString(model.resolve("decoding.yaml"), "decoder: beam\nlm: x\n");
        CliRun unknownKey =
                CliRun.run(db, "transcribe", "--model", model.toString(), clip.toString());
        assertThat(unknownKey.err())
                .contains(model.resolve("decoding.yaml") + ": ")
                .contains("lm")
                .contains("expected decoder, beam_width, lm_path, alpha, beta and vocabulary");
    }

    /** The demo corpus's training transcripts as a text file, one a line. */
    private Path demoTrainingText() throws Exception {
        List<String> lines = new ArrayList<>();
        for (String line : Files.readAllLines(DemoSubset.demoCorpus().resolve("train.jsonl"))) {
            lines.add(JSON.readTree(line).path("text").asText());
        }
        return Files.write(dir.resolve("demo-train.txt"), lines);
    }
}
