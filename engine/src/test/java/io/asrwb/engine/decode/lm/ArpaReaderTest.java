package io.asrwb.engine.decode.lm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.OutputStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ArpaReaderTest {

    /** A trigram model; line numbers matter for the error tests below. */
    private static final String TRIGRAM =
            String.join(
                    "\n",
                    "some tool's header text", // 1
                    "", // 2
                    "\\data\\", // 3
                    "ngram 1=6", // 4
                    "ngram 2=3", // 5
                    "ngram 3=1", // 6
                    "", // 7
                    "\\1-grams:", // 8
                    "-99 <s> -0.5", // 9
                    "-0.7 </s>", // 10
                    "-1.5 <unk>", // 11
                    "-0.6 turn -0.25", // 12
                    "-0.8 left -0.15", // 13
                    "-1.0 right", // 14
                    "", // 15
                    "\\2-grams:", // 16
                    "-0.2 <s> turn -0.1", // 17
                    "-0.4 turn left -0.05", // 18
                    "-0.3 left </s>", // 19
                    "", // 20
                    "\\3-grams:", // 21
                    "-0.05 <s> turn left", // 22
                    "", // 23
                    "\\end\\", // 24
                    "");

    private static ArpaLanguageModel parse(String text) throws IOException {
        return ArpaReader.read(new BufferedReader(new StringReader(text)), "test.arpa");
    }

    @Test
    void readsCountsAndScoresWithStandardBackoff() throws IOException {
        ArpaLanguageModel lm = parse(TRIGRAM);
        assertThat(lm.order()).isEqualTo(3);
        assertThat(lm.count(1)).isEqualTo(6);
        assertThat(lm.count(2)).isEqualTo(3);
        assertThat(lm.count(3)).isEqualTo(1);

        // Present trigram.
        assertThat(lm.log10Probability(List.of("<s>", "turn"), "left"))
                .isCloseTo(-0.05, within(1e-6));
        // Present bigram; the history is cut to the model's two words of context.
        assertThat(lm.log10Probability(List.of("<s>"), "turn")).isCloseTo(-0.2, within(1e-6));
        // Trigram "turn left </s>" missing: backoff("turn left") + P(</s> | left).
        assertThat(lm.log10Probability(List.of("x", "<s>", "turn", "left"), "</s>"))
                .isCloseTo(-0.05 + -0.3, within(1e-6));
        // "<s> turn right": backoff("<s> turn") -0.1, then "turn right" missing: backoff(turn)
        // -0.25, then unigram right -1.0.
        assertThat(lm.log10Probability(List.of("<s>", "turn"), "right"))
                .isCloseTo(-0.1 - 0.25 - 1.0, within(1e-6));
        // Missing context n-gram contributes no backoff: "right left" -> P(left).
        assertThat(lm.log10Probability(List.of("right"), "left")).isCloseTo(-0.8, within(1e-6));
    }

    @Test
    void unknownWordsScoreAsUnk() throws IOException {
        ArpaLanguageModel lm = parse(TRIGRAM);
        assertThat(lm.knows("stop")).isFalse();
        assertThat(lm.knows("left")).isTrue();
        // backoff(<s>) -0.5 + P(<unk>) -1.5
        assertThat(lm.log10Probability(List.of("<s>"), "stop")).isCloseTo(-2.0, within(1e-6));
    }

    @Test
    void unknownWordWithoutUnkEntryGetsKenLmsFloor() throws IOException {
        ArpaLanguageModel lm =
                parse(
                        String.join(
                                "\n",
                                "\\data\\",
                                "ngram 1=2",
                                "\\1-grams:",
                                "-1 a",
                                "-1 b",
                                "\\end\\"));
        assertThat(lm.log10Probability(List.of(), "zzz")).isEqualTo(-100.0);
    }

    @Test
    void readsGzippedFiles(@TempDir Path dir) throws IOException {
        Path gz = dir.resolve("model.arpa.gz");
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(gz))) {
            out.write(TRIGRAM.getBytes(StandardCharsets.UTF_8));
        }
        assertThat(ArpaReader.read(gz).count(2)).isEqualTo(3);
    }

    @Test
    void errorsNameTheFileAndLine(@TempDir Path dir) throws IOException {
        Path bad = dir.resolve("bad.arpa");
        Files.writeString(bad, TRIGRAM.replace("-0.4 turn left -0.05", "-0.4 turn"));
        assertThatThrownBy(() -> ArpaReader.read(bad))
                .isInstanceOfSatisfying(
                        ArpaFormatException.class,
                        e -> {
                            assertThat(e.line()).isEqualTo(18);
                            assertThat(e.source()).isEqualTo(bad.toString());
                        })
                .hasMessageStartingWith(bad + ":18: a 2-gram line needs")
                .hasMessageContaining("'-0.4 turn'");
    }

    @Test
    void reportsEachKindOfMalformation() {
        assertError(
                TRIGRAM.replace("-0.8 left", "minus left"),
                13,
                "probability 'minus' is not a number");
        assertError(TRIGRAM.replace("-0.8 left", "0.8 left"), 13, "is positive");
        assertError(TRIGRAM.replace("ngram 2=3", "ngram two=3"), 5, "expected 'ngram N=count'");
        assertError(TRIGRAM.replace("ngram 2=3", "ngram 2=4"), 21, "declares ngram 2=4");
        assertError(TRIGRAM.replace("-0.3 left </s>", "-0.3 turn left"), 19, "appears twice");
        assertError(
                TRIGRAM.replace("\\3-grams:", "\\4-grams:"), 21, "expected the \\3-grams: section");
        assertError(TRIGRAM.replace("\\end\\", ""), 24, "without the \\end\\ line");
        assertError("just some text\nno data here\n", 2, "no \\data\\ line");
        assertError(TRIGRAM.replace("\\end\\", "\\5-grams:"), 24, "expected \\end\\");
    }

    @Test
    void acceptsNegativeInfinityProbabilities() throws IOException {
        ArpaLanguageModel lm = parse(TRIGRAM.replace("-99 <s>", "-inf <s>"));
        assertThat(lm.log10Probability(List.of(), "<s>")).isEqualTo(Double.NEGATIVE_INFINITY);
    }

    private static void assertError(String text, int line, String message) {
        assertThatThrownBy(() -> parse(text))
                .isInstanceOfSatisfying(
                        ArpaFormatException.class,
                        e -> assertThat(e.line()).as(e.getMessage()).isEqualTo(line))
                .hasMessageStartingWith("test.arpa:" + line + ": ")
                .hasMessageContaining(message);
    }
}
