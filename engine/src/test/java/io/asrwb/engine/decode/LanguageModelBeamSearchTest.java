package io.asrwb.engine.decode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.asrwb.engine.decode.lm.ArpaLanguageModel;
import io.asrwb.engine.decode.lm.ArpaReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LanguageModelBeamSearchTest {

    // 0 blank, 1 space, 2 a, 3 c, 4 o, 5 t
    private static final CtcLabels LABELS = CtcLabels.of("_ acot");

    private static final String ARPA =
            """
            \\data\\
            ngram 1=5
            ngram 2=2

            \\1-grams:
            -99\t<s>\t-0.3
            -0.5\t</s>
            -0.3\tcat\t-0.2
            -2.0\t<unk>
            -1.0\tcar

            \\2-grams:
            -0.1\t<s> cat
            -0.1\tcat </s>

            \\end\\
            """;

    /** "c", then 'o' or 'a' nearly equally likely ('o' slightly ahead), then "t". */
    private static float[][] catOrCot() {
        return CtcBruteForce.logOf(
                new double[][] {
                    {0.05, 0.01, 0.01, 0.90, 0.02, 0.01},
                    {0.14, 0.01, 0.40, 0.01, 0.43, 0.01},
                    {0.05, 0.01, 0.01, 0.01, 0.02, 0.90},
                });
    }

    @Test
    void languageModelTurnsAnAmbiguousInputTowardTheWordItKnows(@TempDir Path dir)
            throws IOException {
        Path arpa = dir.resolve("tiny.arpa");
        Files.writeString(arpa, ARPA);
        ArpaLanguageModel lm = ArpaReader.read(arpa);
        float[][] lp = catOrCot();

        Transcript acoustic =
                new PrefixBeamSearchDecoder(LABELS, 0.02, BeamSearchConfig.acoustic(16)).decode(lp);
        assertThat(acoustic.text()).isEqualTo("cot");

        double alpha = 0.8;
        double beta = 0.5;
        Transcript withLm =
                new PrefixBeamSearchDecoder(
                                LABELS,
                                0.02,
                                BeamSearchConfig.withLanguageModel(16, alpha, beta),
                                lm)
                        .decode(lp);
        assertThat(withLm.text()).isEqualTo("cat");

        // score = ln P_ctc("cat") + α·ln10·(log10 P(cat|<s>) + log10 P(</s>|<s> cat)) + β·1 word
        Map<List<Integer>, Double> exact = CtcBruteForce.labellingLogProbabilities(lp);
        double expected = exact.get(List.of(3, 2, 5)) + alpha * Math.log(10) * (-0.1 + -0.1) + beta;
        assertThat(withLm.score()).isCloseTo(expected, within(1e-6));
        assertThat(withLm.words()).extracting(WordTiming::word).containsExactly("cat");
        assertThat(withLm.words().get(0).startFrame()).isZero();
        assertThat(withLm.words().get(0).endFrame()).isEqualTo(3);
    }

    @Test
    void wordsAreScoredAtSpacesAsWellAsAtTheEnd(@TempDir Path dir) throws IOException {
        Path arpa = dir.resolve("tiny.arpa");
        Files.writeString(arpa, ARPA);
        ArpaLanguageModel lm = ArpaReader.read(arpa);
        // "cot cot" acoustically; each word before a space and at the end is pulled to "cat".
        float[][] one = catOrCot();
        double[] space = {0.05, 0.90, 0.01, 0.01, 0.02, 0.01};
        float[][] lp = new float[7][];
        System.arraycopy(one, 0, lp, 0, 3);
        lp[3] = CtcBruteForce.logOf(new double[][] {space})[0];
        System.arraycopy(one, 0, lp, 4, 3);

        assertThat(
                        new PrefixBeamSearchDecoder(LABELS, 0.02, BeamSearchConfig.acoustic(16))
                                .decode(lp)
                                .text())
                .isEqualTo("cot cot");
        assertThat(
                        new PrefixBeamSearchDecoder(
                                        LABELS,
                                        0.02,
                                        BeamSearchConfig.withLanguageModel(16, 0.8, 0.5),
                                        lm)
                                .decode(lp)
                                .text())
                .isEqualTo("cat cat");
    }
}
