package io.asrwb.app.words;

import static org.assertj.core.api.Assertions.assertThat;

import io.asrwb.engine.align.AlignedWord;
import io.asrwb.engine.align.StoredAlignment;
import io.asrwb.engine.analysis.WordDiff;
import io.asrwb.engine.analysis.WordEdit.Kind;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A clip's tiers from a stored alignment: each word's edit, the first error, keyboard order. */
class WordTierTest {

    private static AlignedWord w(String word, double start, double end) {
        return new AlignedWord(word, start, end, 0.5);
    }

    // reference "turn left now please go", hypothesis "tern left please go uh": turn -> tern,
    // left = left, now deleted, please = please, go = go, uh inserted (3 edits, the only way with
    // 3)
    private static final StoredAlignment CLIP =
            new StoredAlignment(
                    "u1",
                    "turn left now please go",
                    "tern left please go uh",
                    "aligned",
                    "",
                    List.of(
                            w("turn", 0.10, 0.40),
                            w("left", 0.45, 0.80),
                            w("now", 0.85, 1.10),
                            w("please", 1.20, 1.60),
                            w("go", 1.65, 1.80)),
                    List.of(
                            w("tern", 0.10, 0.40),
                            w("left", 0.45, 0.80),
                            w("please", 1.10, 1.60),
                            w("go", 1.65, 1.80),
                            w("uh", 1.85, 1.95)));

    @Test
    void eachWordCarriesWhatTheHypothesisDidToIt() {
        WordTier t = WordTier.of(CLIP, "demo-model, step 1");

        assertThat(t.reference())
                .extracting(WordSpan::edit)
                .containsExactly(
                        Kind.SUBSTITUTION, Kind.MATCH, Kind.DELETION, Kind.MATCH, Kind.MATCH);
        assertThat(t.hypothesis())
                .extracting(WordSpan::edit)
                .containsExactly(
                        Kind.SUBSTITUTION, Kind.MATCH, Kind.MATCH, Kind.MATCH, Kind.INSERTION);
        assertThat(t.reference().get(2).span()).isEqualTo(new TimeSpan(0.85, 1.10));
        assertThat(t.hypothesis().get(4).index()).isEqualTo(4);
    }

    @Test
    void theFirstErrorOfADiffNamesTheWordInItsTier() {
        assertThat(WordFocus.firstError(WordDiff.of("turn left now", "turn lift now")))
                .contains(new WordFocus(WordSpan.Tier.REFERENCE, 1));
        assertThat(WordFocus.firstError(WordDiff.of("turn left", "turn left now")))
                .contains(new WordFocus(WordSpan.Tier.HYPOTHESIS, 2));
        assertThat(WordFocus.firstError(WordDiff.of("a b c", "a c")))
                .contains(new WordFocus(WordSpan.Tier.REFERENCE, 1));
        assertThat(WordFocus.firstError(WordDiff.of("turn left", "turn left"))).isEmpty();

        WordTier t = WordTier.of(CLIP, "");
        assertThat(t.at(new WordFocus(WordSpan.Tier.HYPOTHESIS, 4)).orElseThrow().word())
                .isEqualTo("uh");
        assertThat(t.at(new WordFocus(WordSpan.Tier.HYPOTHESIS, 5))).isEmpty();
        assertThat(t.firstError().orElseThrow().word()).isEqualTo("turn");
    }

    @Test
    void keyboardOrderIsTheReferenceRowThenTheHypothesisRow() {
        WordTier t = WordTier.of(CLIP, "");

        assertThat(t.all())
                .extracting(WordSpan::word)
                .containsExactly(
                        "turn", "left", "now", "please", "go", "tern", "left", "please", "go",
                        "uh");
        assertThat(t.nearest(WordSpan.Tier.HYPOTHESIS, 0.975).orElseThrow().word())
                .as("below 'now' (middle 0.975): 'left' (middle 0.625) before 'please' (1.35)")
                .isEqualTo("left");
        assertThat(t.nearest(WordSpan.Tier.HYPOTHESIS, 1.0).orElseThrow().word())
                .isEqualTo("please");
    }
}
