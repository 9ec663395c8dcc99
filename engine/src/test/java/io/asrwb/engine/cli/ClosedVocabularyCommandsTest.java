package io.asrwb.engine.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.asrwb.engine.decode.lm.ArpaReader;
import io.asrwb.engine.testing.DemoSubset;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --vocabulary closed}: {@code transcribe} and {@code eval} write only the language model's
 * words, {@code lm tune --vocabulary closed --write} makes that the model's default decoding.
 */
class ClosedVocabularyCommandsTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir Path dir;
    Path db;
    Path model;
    Path arpa;
    Path clip;

    @BeforeEach
    void demoModelAndAFourWordLanguageModel() throws Exception {
        db = dir.resolve("catalog");
        model = Files.createDirectories(dir.resolve("model"));
        Path demo = DemoSubset.demoCorpus().resolveSibling("demo-model");
        for (String name : List.of("model.zip", "state.json", "SHA256SUMS")) {
            Files.copy(demo.resolve(name), model.resolve(name));
        }
        Path text =
                Files.write(
                        dir.resolve("four-words.txt"),
                        List.of("yes", "no", "stop now", "yes stop", "no stop now"));
        arpa = dir.resolve("four.arpa");
        CliRun built =
                CliRun.run(db, "lm", "build", "--text", text.toString(), "--out", arpa.toString());
        assertThat(built.exit()).as(built.err()).isZero();
        clip = DemoSubset.demoCorpus().resolve("audio/espeak-en-us-m1/espeak-en-us-m1-000.flac");
    }

    @Test
    void aClosedVocabularyWritesOnlyTheLanguageModelsWordsWhereTheOpenOneSpellsWhatItHears()
            throws Exception {
        Set<String> vocabulary = ArpaReader.read(arpa).vocabulary();
        assertThat(vocabulary).containsExactlyInAnyOrder("yes", "no", "stop", "now");

        String open = transcribe("--vocabulary", "open");
        String closed = transcribe("--vocabulary", "closed");

        assertThat(words(open)).as(open).isNotEmpty().anyMatch(w -> !vocabulary.contains(w));
        assertThat(vocabulary).as(closed).containsAll(words(closed));
    }

    @Test
    void aClosedVocabularyNeedsALanguageModel() {
        CliRun greedy =
                CliRun.run(
                        db,
                        "transcribe",
                        "--model",
                        model.toString(),
                        "--decoder",
                        "greedy",
                        "--vocabulary",
                        "closed",
                        clip.toString());
        assertThat(greedy.exit()).isNotZero();
        assertThat(greedy.err())
                .contains("--vocabulary closed writes only a language model's words: give --lm");
        CliRun bad =
                CliRun.run(
                        db,
                        "transcribe",
                        "--model",
                        model.toString(),
                        "--vocabulary",
                        "shut",
                        clip.toString());
        assertThat(bad.exit()).isNotZero();
        assertThat(bad.err()).contains("--vocabulary").contains("open, closed");
    }

    @Test
    void tuneWriteKeepsTheClosedVocabularyAsTheModelsDefault() throws Exception {
        Path manifest = DemoSubset.write(dir.resolve("corpus"), 2.5, Map.of("train", 2, "val", 3));
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
                        "--vocabulary",
                        "closed",
                        "--write");

        assertThat(tuned.exit()).as(tuned.err()).isZero();
        assertThat(Files.readString(model.resolve("decoding.yaml"))).contains("vocabulary: closed");
        CliRun eval =
                CliRun.run(
                        db,
                        "eval",
                        "--model",
                        model.toString(),
                        "--dataset",
                        "mini",
                        "--split",
                        "val");
        assertThat(eval.out())
                .as(eval.err())
                .contains("beam 8 + LM four.arpa α 0.5 β 1.0, its words only decoding");
        assertThat(vocabularyOf(transcribe())).isTrue();
        CliRun reopened =
                CliRun.run(
                        db,
                        "eval",
                        "--model",
                        model.toString(),
                        "--dataset",
                        "mini",
                        "--split",
                        "val",
                        "--vocabulary",
                        "open");
        assertThat(reopened.out()).as(reopened.err()).contains("α 0.5 β 1.0 decoding");
    }

    private boolean vocabularyOf(String text) throws Exception {
        return ArpaReader.read(arpa).vocabulary().containsAll(words(text));
    }

    private String transcribe(String... options) throws Exception {
        List<String> args =
                new java.util.ArrayList<>(
                        List.of("--porcelain", "transcribe", "--model", model.toString()));
        if (!Files.exists(model.resolve("decoding.yaml"))) {
            args.addAll(List.of("--decoder", "beam", "--lm", arpa.toString()));
        }
        args.addAll(Arrays.asList(options));
        args.add(clip.toString());
        CliRun run = CliRun.run(db, args.toArray(String[]::new));
        assertThat(run.exit()).as(run.err()).isZero();
        return JSON.readTree(run.lines().get(run.lines().size() - 1)).path("text").asText();
    }

    private static List<String> words(String text) {
        return Arrays.stream(text.split(" ")).filter(w -> !w.isEmpty()).toList();
    }
}
