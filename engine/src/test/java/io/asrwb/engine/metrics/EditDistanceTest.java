package io.asrwb.engine.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class EditDistanceTest {

    @Test
    void kittenToSittingIsTwoSubstitutionsAndOneInsertion() {
        EditCounts e = EditDistance.characters("kitten", "sitting");
        assertThat(e).isEqualTo(new EditCounts(2, 0, 1, 6));
        assertThat(e.errors()).isEqualTo(3);
        assertThat(e.rate()).isEqualTo(0.5);
    }

    @Test
    void sittingToKittenIsTwoSubstitutionsAndOneDeletion() {
        // Reference longer than hypothesis: the inner loop runs over the other sequence.
        assertThat(EditDistance.characters("sitting", "kitten"))
                .isEqualTo(new EditCounts(2, 1, 0, 7));
    }

    @Test
    void wordsCountWholeWords() {
        EditCounts e = EditDistance.words("the cat sat on the mat", "the cat sat at mat now");
        // on->at (S), the (D), now (I) ... or an equally cheap split; the total is 3 either way.
        assertThat(e.errors()).isEqualTo(3);
        assertThat(e.referenceLength()).isEqualTo(6);
        assertThat(EditDistance.words("go left", "go left")).isEqualTo(new EditCounts(0, 0, 0, 2));
        assertThat(EditDistance.words("turn left now", "turn now"))
                .isEqualTo(new EditCounts(0, 1, 0, 3));
        assertThat(EditDistance.words("stop", "please stop")).isEqualTo(new EditCounts(0, 0, 1, 1));
        assertThat(EditDistance.words("  yes   no ", "yes no"))
                .isEqualTo(new EditCounts(0, 0, 0, 2));
    }

    @Test
    void emptyReferenceOrHypothesis() {
        assertThat(EditDistance.characters("", "")).isEqualTo(EditCounts.ZERO);
        assertThat(EditDistance.characters("", "abc")).isEqualTo(new EditCounts(0, 0, 3, 0));
        assertThat(EditDistance.characters("abc", "")).isEqualTo(new EditCounts(0, 3, 0, 3));
        assertThat(EditDistance.words("", "")).isEqualTo(EditCounts.ZERO);
        assertThat(EditDistance.words("   ", "two words")).isEqualTo(new EditCounts(0, 0, 2, 0));
        assertThat(EditDistance.words(List.of("one", "two"), List.of()))
                .isEqualTo(new EditCounts(0, 2, 0, 2));
        // An empty reference counts as length 1: 0 for a match, the insertions otherwise.
        assertThat(EditDistance.characters("", "").rate()).isZero();
        assertThat(EditDistance.characters("", "abc").rate()).isEqualTo(3.0);
    }

    @Test
    void codePointsOutsideTheBmpCountOnce() {
        assertThat(EditDistance.characters("a\uD83D\uDE00b", "ab"))
                .isEqualTo(new EditCounts(0, 1, 0, 3));
    }

    @Test
    void agreesWithAFullMatrixReferenceOnRandomSequences() {
        Random random = new Random(7);
        for (int trial = 0; trial < 300; trial++) {
            int[] ref = random.ints(random.nextInt(9), 0, 3).toArray();
            int[] hyp = random.ints(random.nextInt(9), 0, 3).toArray();
            EditCounts fast = EditDistance.tokens(ref, hyp);
            assertThat(fast.errors()).as("trial %d", trial).isEqualTo(fullMatrixDistance(ref, hyp));
            assertThat(fast.referenceLength()).isEqualTo(ref.length);
            // Deletions minus insertions is fixed by the lengths whatever alignment was chosen.
            assertThat(fast.deletions() - fast.insertions()).isEqualTo(ref.length - hyp.length);
            EditCounts reversed = EditDistance.tokens(hyp, ref);
            assertThat(reversed.errors()).isEqualTo(fast.errors());
        }
    }

    private static int fullMatrixDistance(int[] a, int[] b) {
        int[][] d = new int[a.length + 1][b.length + 1];
        for (int i = 0; i <= a.length; i++) {
            d[i][0] = i;
        }
        for (int j = 0; j <= b.length; j++) {
            d[0][j] = j;
        }
        for (int i = 1; i <= a.length; i++) {
            for (int j = 1; j <= b.length; j++) {
                d[i][j] =
                        Math.min(
                                Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1),
                                d[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1));
            }
        }
        return d[a.length][b.length];
    }
}
