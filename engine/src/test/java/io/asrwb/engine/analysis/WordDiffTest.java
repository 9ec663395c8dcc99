package io.asrwb.engine.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import io.asrwb.engine.analysis.WordEdit.Kind;
import io.asrwb.engine.metrics.EditCounts;
import io.asrwb.engine.metrics.EditDistance;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class WordDiffTest {

    /** Of the alignments of least cost, the back-trace takes a match or substitution first. */
    @Test
    void alignsWordByWordWithSubstitutionsDeletionsAndInsertions() {
        List<WordEdit> diff = WordDiff.of("go forward ten meters", "go for ward two meters now");

        assertThat(diff)
                .containsExactly(
                        new WordEdit(Kind.MATCH, "go", "go"),
                        new WordEdit(Kind.INSERTION, "", "for"),
                        new WordEdit(Kind.SUBSTITUTION, "forward", "ward"),
                        new WordEdit(Kind.SUBSTITUTION, "ten", "two"),
                        new WordEdit(Kind.MATCH, "meters", "meters"),
                        new WordEdit(Kind.INSERTION, "", "now"));
        assertThat(ErrorFile.line(diff))
                .isEqualTo("go [+for] [forward->ward] [ten->two] meters [+now]");
    }

    @Test
    void anEmptyHypothesisDeletesEveryWord() {
        assertThat(WordDiff.of("stop now", ""))
                .extracting(WordEdit::kind)
                .containsExactly(Kind.DELETION, Kind.DELETION);
    }

    /** The diff's counts are the WER's counts, whatever the texts (seeded random word strings). */
    @Test
    void countsAgreeWithEditDistanceOnRandomTexts() {
        Random random = new Random(15);
        String[] vocabulary = {"a", "b", "c", "d"};
        for (int round = 0; round < 2000; round++) {
            List<String> ref = randomWords(random, vocabulary);
            List<String> hyp = randomWords(random, vocabulary);

            List<WordEdit> diff = WordDiff.of(ref, hyp);
            EditCounts counts = EditDistance.words(ref, hyp);

            assertThat(count(diff, Kind.SUBSTITUTION))
                    .as("%s / %s", ref, hyp)
                    .isEqualTo(counts.substitutions());
            assertThat(count(diff, Kind.DELETION))
                    .as("%s / %s", ref, hyp)
                    .isEqualTo(counts.deletions());
            assertThat(count(diff, Kind.INSERTION))
                    .as("%s / %s", ref, hyp)
                    .isEqualTo(counts.insertions());
        }
    }

    private static long count(List<WordEdit> diff, Kind kind) {
        return diff.stream().filter(e -> e.kind() == kind).count();
    }

    private static List<String> randomWords(Random random, String[] vocabulary) {
        List<String> out = new ArrayList<>();
        int n = random.nextInt(7);
        for (int i = 0; i < n; i++) {
            out.add(vocabulary[random.nextInt(vocabulary.length)]);
        }
        return out;
    }
}
