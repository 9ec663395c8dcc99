package io.asrwb.engine.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import io.asrwb.engine.metrics.TextNormaliserConfig.LetterCase;
import org.junit.jupiter.api.Test;

class TextNormaliserTest {

    private static final String LETTERS = "abcdefghijklmnopqrstuvwxyz";
    private final TextNormaliser normaliser =
            new TextNormaliser(TextNormaliserConfig.defaults(LETTERS + "' "));

    @Test
    void lowerCasesUnifiesApostrophesAndDropsPunctuationOutsideTheAlphabet() {
        assertThat(normaliser.normalise("  Don\u2019t STOP,  now!\n")).isEqualTo("don't stop now");
        assertThat(normaliser.normalise("\u201CTurn left\u201D; then (go) forward."))
                .isEqualTo("turn left then go forward");
    }

    @Test
    void dashesAndSlashesSeparateWords() {
        assertThat(normaliser.normalise("twenty-one and/or fifty\u2014two"))
                .isEqualTo("twenty one and or fifty two");
    }

    @Test
    void nfkcFoldsCompatibilityForms() {
        // Full-width letters, a ligature and a no-break space become plain ASCII.
        assertThat(normaliser.normalise("\uFF33\uFF34\uFF2F\uFF30\u00A0\uFB01ne"))
                .isEqualTo("stop fine");
    }

    @Test
    void apostropheOutsideTheAlphabetIsRemovedNotSpaced() {
        TextNormaliser lettersOnly =
                new TextNormaliser(TextNormaliserConfig.defaults(LETTERS + " "));
        assertThat(lettersOnly.normalise("Don\u2019t")).isEqualTo("dont");
    }

    @Test
    void numbersAndForeignLettersAreKeptAndReported() {
        String text = normaliser.normalise("Go 10 m\u00E8tres");
        assertThat(text).isEqualTo("go 10 m\u00E8tres");
        assertThat(normaliser.outOfAlphabet(text)).containsExactly("0", "1", "\u00E8");
    }

    @Test
    void upperCaseAlphabetLikeDeepspeechPytorchLabels() {
        TextNormaliser upper =
                new TextNormaliser(
                        TextNormaliserConfig.defaults("_'ABCDEFGHIJKLMNOPQRSTUVWXYZ ")
                                .withLetterCase(LetterCase.UPPER));
        assertThat(upper.normalise("it\u2019s fine.")).isEqualTo("IT'S FINE");
    }

    @Test
    void identityLeavesTextAlone() {
        TextNormaliser identity = new TextNormaliser(TextNormaliserConfig.identity());
        assertThat(identity.normalise(" A\u2019b,  c ")).isEqualTo(" A\u2019b,  c ");
    }

    @Test
    void descriptionSaysWhatItDoesIncludingWhatItDoesNot() {
        assertThat(normaliser.description())
                .contains(
                        "NFKC",
                        "lower-case",
                        "\u2192 '",
                        "not in the alphabet",
                        "whitespace collapsed",
                        "numbers left as written");
        assertThat(new TextNormaliser(TextNormaliserConfig.identity()).description())
                .isEqualTo("numbers left as written");
    }
}
