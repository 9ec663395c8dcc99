package io.asrwb.engine.decode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.asrwb.engine.decode.lm.ArpaLanguageModel;
import io.asrwb.engine.decode.lm.ArpaReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ClosedVocabularyBeamSearchTest {

    // 0 blank, 1 space, 2 a, 3 b
    private static final CtcLabels LABELS = CtcLabels.of("_ ab");

    private static PrefixBeamSearchDecoder closed(int width, Lexicon lexicon) {
        return new PrefixBeamSearchDecoder(
                LABELS, 0.02, BeamSearchConfig.acoustic(width), null, lexicon);
    }

    private static boolean spellsOnly(String text, Set<String> words) {
        return Arrays.stream(text.split(" ")).filter(w -> !w.isEmpty()).allMatch(words::contains);
    }

    @Test
    void writesTheLikeliestLabellingMadeOfItsWordsEvenWhereAnotherSpellingIsLikelier() {
        // "ab" is what the frames say; the lexicon has only "aa" and "b": the best it may write
        // is a labelling of those words, found exactly when the beam holds every candidate.
        float[][] lp =
                CtcBruteForce.logOf(
                        new double[][] {
                            {0.05, 0.05, 0.80, 0.10},
                            {0.30, 0.05, 0.25, 0.40},
                            {0.10, 0.05, 0.15, 0.70},
                        });
        Set<String> words = Set.of("aa", "b");
        Map<List<Integer>, Double> all = CtcBruteForce.labellingLogProbabilities(lp);
        assertThat(CtcBruteForce.text(CtcBruteForce.best(all).getKey(), LABELS)).isEqualTo("ab");

        Transcript open =
                new PrefixBeamSearchDecoder(LABELS, 0.02, BeamSearchConfig.acoustic(1000))
                        .decode(lp);
        Transcript closed = closed(1000, Lexicon.of(words)).decode(lp);

        assertThat(open.text()).isEqualTo("ab");
        Map.Entry<List<Integer>, Double> bestAllowed = bestAllowed(all, words);
        assertThat(closed.text()).isEqualTo(CtcBruteForce.text(bestAllowed.getKey(), LABELS));
        assertThat(closed.score()).isCloseTo(bestAllowed.getValue(), within(1e-9));
        assertThat(spellsOnly(closed.text(), words)).isTrue();
    }

    @Test
    void agreesWithBruteForceOverTheAllowedLabellingsOnRandomMatrices() {
        Random random = new Random(7);
        Set<String> words = Set.of("a", "ab", "bb");
        PrefixBeamSearchDecoder exhaustive = closed(5000, Lexicon.of(words));
        for (int trial = 0; trial < 25; trial++) {
            double[][] p = new double[5][4];
            for (double[] row : p) {
                double sum = 0;
                for (int k = 0; k < 4; k++) {
                    row[k] = Math.exp(2 * random.nextGaussian());
                    sum += row[k];
                }
                for (int k = 0; k < 4; k++) {
                    row[k] /= sum;
                }
            }
            float[][] lp = CtcBruteForce.logOf(p);
            Map.Entry<List<Integer>, Double> best =
                    bestAllowed(CtcBruteForce.labellingLogProbabilities(lp), words);
            Transcript beam = exhaustive.decode(lp);
            assertThat(beam.text())
                    .as("trial %d", trial)
                    .isEqualTo(CtcBruteForce.text(best.getKey(), LABELS));
            assertThat(beam.score()).as("trial %d", trial).isCloseTo(best.getValue(), within(1e-9));
        }
    }

    @Test
    void aNarrowBeamStillWritesOnlyItsWords() {
        Random random = new Random(11);
        Set<String> words = Set.of("ab", "ba", "b");
        PrefixBeamSearchDecoder narrow = closed(2, Lexicon.of(words));
        for (int trial = 0; trial < 50; trial++) {
            double[][] p = new double[12][4];
            for (double[] row : p) {
                double sum = 0;
                for (int k = 0; k < 4; k++) {
                    row[k] = Math.exp(random.nextGaussian());
                    sum += row[k];
                }
                for (int k = 0; k < 4; k++) {
                    row[k] /= sum;
                }
            }
            Transcript t = narrow.decode(CtcBruteForce.logOf(p));
            assertThat(spellsOnly(t.text(), words)).as("trial %d: %s", trial, t.text()).isTrue();
        }
    }

    @Test
    void aLexiconKnowsItsWordsAndTheirBeginnings() {
        Lexicon lexicon = Lexicon.of(List.of("cat", "car", " "));
        assertThat(lexicon.size()).isEqualTo(2);
        assertThat(lexicon.begins("c")).isTrue();
        assertThat(lexicon.begins("ca")).isTrue();
        assertThat(lexicon.begins("cat")).isTrue();
        assertThat(lexicon.begins("co")).isFalse();
        assertThat(lexicon.contains("ca")).isFalse();
        assertThat(lexicon.contains("car")).isTrue();
        assertThatThrownBy(() -> Lexicon.of(List.of()))
                .hasMessageContaining("needs at least one word");
    }

    @Test
    void aLanguageModelsLexiconIsItsWordsBuiltOnce(@TempDir Path dir) throws Exception {
        Path arpa =
                Files.writeString(
                        dir.resolve("two.arpa"),
                        "\\data\\\nngram 1=4\n\n\\1-grams:\n-1\t<s>\n-1\t</s>\n-0.3\tab\n"
                                + "-0.3\tba\n\n\\end\\\n");
        ArpaLanguageModel lm = ArpaReader.read(arpa);

        Lexicon lexicon = Lexicon.of(lm);

        assertThat(lexicon.size()).isEqualTo(2);
        assertThat(lexicon.contains("ab")).isTrue();
        assertThat(lexicon.contains("</s>")).isFalse();
        assertThat(Lexicon.of(lm)).as("the same model: the same lexicon").isSameAs(lexicon);
        assertThat(Lexicon.of(ArpaReader.read(arpa))).isNotSameAs(lexicon);
    }

    /** The most probable labelling whose every word is one of {@code words}. */
    private static Map.Entry<List<Integer>, Double> bestAllowed(
            Map<List<Integer>, Double> all, Set<String> words) {
        return all.entrySet().stream()
                .filter(e -> spellsOnly(CtcBruteForce.text(e.getKey(), LABELS), words))
                .max(Map.Entry.comparingByValue())
                .orElseThrow();
    }
}
