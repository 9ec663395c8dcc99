package io.asrwb.engine.segment;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The hypothesis-against-text step on word lists: runs the audio lacks, and islands. */
class UnheardTextTest {

    @Test
    void aSentenceTheModelDoesNotHearIsARunOfUnheardWords() {
        // enough heard after the run to outweigh substituting it (a window's tail is not: the next
        // window decides there)
        List<String> heard =
                words("nine nine three five seven start agai please wait seventeen seconds");
        List<String> text =
                words(
                        "nine nine three five seven the quick brown fox jumps start again please"
                                + " wait seventeen seconds");
        UnheardText u = UnheardText.of(heard, text);
        assertThat(flagged(u.unheard(), text)).isEqualTo("the quick brown fox jumps");
        // "agai" is heard alike "again": what follows the run is one island
        assertThat(flagged(u.island(), text))
                .isEqualTo("nine nine three five seven start again please wait seventeen seconds");
    }

    @Test
    void theTextAfterTheWindowIsNotUnheardNorAreTheModelsOwnShortMisses() {
        List<String> heard = words("turn left fifteen please");
        List<String> text = words("turn left fifteen degrees please eight five seven one three");
        UnheardText u = UnheardText.of(heard, text);
        assertThat(flagged(u.unheard(), text)).isEmpty();
        assertThat(flagged(u.island(), text)).isEqualTo("turn left fifteen");
    }

    @Test
    void nothingHeardMarksNothing() {
        List<String> text = words("one two three four");
        UnheardText u = UnheardText.of(List.of(), text);
        assertThat(flagged(u.unheard(), text)).isEmpty();
        assertThat(flagged(u.island(), text)).isEmpty();
    }

    @Test
    void wordsAreAlikeWithOneLetterInThreeWrong() {
        assertThat(UnheardText.alike("oumber", "number")).isTrue();
        assertThat(UnheardText.alike("agai", "again")).isTrue();
        assertThat(UnheardText.alike("six", "sex")).isTrue();
        assertThat(UnheardText.alike("two", "ten")).isFalse();
        assertThat(UnheardText.alike("secondsspty", "seconds")).isFalse();
    }

    private static List<String> words(String s) {
        return List.of(s.split(" "));
    }

    private static String flagged(boolean[] marks, List<String> text) {
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < marks.length; i++) {
            if (marks[i]) {
                s.append(s.length() == 0 ? "" : " ").append(text.get(i));
            }
        }
        return s.toString();
    }
}
