package io.asrwb.engine.metrics;

import java.util.Objects;

/**
 * How transcripts are normalised before training, evaluation and transcription. Numbers are not
 * handled: "10" stays "10" (and is out of a letters-only alphabet, which the data checks report).
 *
 * @param letterCase         case folding applied to every letter (to match the alphabet's case)
 * @param unicodeNfkc        apply Unicode NFKC (full-width forms, ligatures, NBSP become plain)
 * @param unifyApostrophes   turn typographic apostrophes and primes (’ ‘ ʼ ʻ ′ ` ´) into '
 * @param removePunctuation  drop punctuation, symbols and invisible format characters that are
 *                           not in the alphabet; dashes, underscores and slashes become spaces
 *                           so "twenty-one" stays two words
 * @param alphabet           characters the model can emit (besides blank); punctuation listed here
 *                           is kept (e.g. the apostrophe). Empty: no alphabet, all punctuation goes
 * @param collapseWhitespace turn every run of whitespace into one space and trim both ends
 */
public record TextNormaliserConfig(
        LetterCase letterCase,
        boolean unicodeNfkc,
        boolean unifyApostrophes,
        boolean removePunctuation,
        String alphabet,
        boolean collapseWhitespace) {

    /** Case folding; the alphabet decides which (deepspeech.pytorch's labels are upper case). */
    public enum LetterCase {
        LOWER,
        UPPER,
        KEEP
    }

    public TextNormaliserConfig {
        Objects.requireNonNull(letterCase, "letterCase");
        alphabet = alphabet == null ? "" : alphabet;
    }

    /** Everything on, lower case, for the given alphabet (e.g. "abcdefghijklmnopqrstuvwxyz' "). */
    public static TextNormaliserConfig defaults(String alphabet) {
        return new TextNormaliserConfig(LetterCase.LOWER, true, true, true, alphabet, true);
    }

    /** Leaves text exactly as it is. */
    public static TextNormaliserConfig identity() {
        return new TextNormaliserConfig(LetterCase.KEEP, false, false, false, "", false);
    }

    public TextNormaliserConfig withAlphabet(String newAlphabet) {
        return new TextNormaliserConfig(
                letterCase,
                unicodeNfkc,
                unifyApostrophes,
                removePunctuation,
                newAlphabet,
                collapseWhitespace);
    }

    public TextNormaliserConfig withLetterCase(LetterCase newCase) {
        return new TextNormaliserConfig(
                newCase,
                unicodeNfkc,
                unifyApostrophes,
                removePunctuation,
                alphabet,
                collapseWhitespace);
    }
}
