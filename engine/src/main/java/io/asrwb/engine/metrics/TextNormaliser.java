package io.asrwb.engine.metrics;

import java.text.Normalizer;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The one transcript normaliser: training labels, evaluation references and hypotheses, and the
 * transcription output all pass through the same instance, so a WER never measures formatting.
 * Immutable and thread-safe.
 */
public final class TextNormaliser {

    private static final Pattern WHITESPACE_RUN = Pattern.compile("[\\s\\p{Z}]+");
    private static final String APOSTROPHE_LOOKALIKES = "\u2019\u2018\u02BC\u02BB\u2032`\u00B4";

    private final TextNormaliserConfig config;
    private final Set<Integer> alphabet;

    public TextNormaliser(TextNormaliserConfig config) {
        this.config = config;
        this.alphabet =
                config.alphabet().codePoints().boxed().collect(Collectors.toUnmodifiableSet());
    }

    public TextNormaliserConfig config() {
        return config;
    }

    /** Normalises one transcript. */
    public String normalise(String text) {
        String s = text;
        if (config.unicodeNfkc()) {
            s = Normalizer.normalize(s, Normalizer.Form.NFKC);
        }
        if (config.unifyApostrophes()) {
            StringBuilder b = new StringBuilder(s.length());
            s.chars()
                    .forEach(
                            c -> b.append(APOSTROPHE_LOOKALIKES.indexOf(c) >= 0 ? '\'' : (char) c));
            s = b.toString();
        }
        s =
                switch (config.letterCase()) {
                    case LOWER -> s.toLowerCase(Locale.ROOT);
                    case UPPER -> s.toUpperCase(Locale.ROOT);
                    case KEEP -> s;
                };
        if (config.removePunctuation()) {
            s = removePunctuation(s);
        }
        if (config.collapseWhitespace()) {
            s = WHITESPACE_RUN.matcher(s).replaceAll(" ").strip();
        }
        return s;
    }

    /**
     * Characters of a normalised text that the alphabet lacks (space excepted), e.g. digits or
     * accented letters: what the data checks report, since no normaliser setting removes them.
     */
    public Set<String> outOfAlphabet(String normalised) {
        Set<String> missing = new TreeSet<>();
        if (alphabet.isEmpty()) {
            return missing;
        }
        normalised
                .codePoints()
                .filter(c -> c != ' ' && !alphabet.contains(c))
                .forEach(c -> missing.add(Character.toString(c)));
        return missing;
    }

    /** What this normaliser does, in words, for the run's config view and its logs. */
    public String description() {
        List<String> steps = new ArrayList<>();
        if (config.unicodeNfkc()) {
            steps.add("Unicode NFKC");
        }
        if (config.unifyApostrophes()) {
            steps.add("apostrophes \u2019 \u2018 \u02BC \u02BB \u2032 ` \u00B4 \u2192 '");
        }
        switch (config.letterCase()) {
            case LOWER -> steps.add("lower-case");
            case UPPER -> steps.add("upper-case");
            case KEEP -> {}
        }
        if (config.removePunctuation()) {
            steps.add(
                    alphabet.isEmpty()
                            ? "punctuation and symbols removed (dashes, underscores, slashes become"
                                    + " spaces)"
                            : "punctuation and symbols not in the alphabet \""
                                    + config.alphabet()
                                    + "\" removed (dashes, underscores, slashes become spaces)");
        }
        if (config.collapseWhitespace()) {
            steps.add("whitespace collapsed and trimmed");
        }
        steps.add("numbers left as written");
        return String.join("; ", steps);
    }

    @Override
    public String toString() {
        return "TextNormaliser[" + description() + "]";
    }

    private String removePunctuation(String s) {
        StringBuilder b = new StringBuilder(s.length());
        s.codePoints()
                .forEach(
                        c -> {
                            if (alphabet.contains(c) || !isRemovable(c)) {
                                b.appendCodePoint(c);
                            } else if (separatesWords(c)) {
                                b.append(' ');
                            }
                        });
        return b.toString();
    }

    private static boolean isRemovable(int c) {
        return switch (Character.getType(c)) {
            case Character.CONNECTOR_PUNCTUATION,
                    Character.DASH_PUNCTUATION,
                    Character.START_PUNCTUATION,
                    Character.END_PUNCTUATION,
                    Character.INITIAL_QUOTE_PUNCTUATION,
                    Character.FINAL_QUOTE_PUNCTUATION,
                    Character.OTHER_PUNCTUATION,
                    Character.MATH_SYMBOL,
                    Character.CURRENCY_SYMBOL,
                    Character.MODIFIER_SYMBOL,
                    Character.OTHER_SYMBOL,
                    Character.FORMAT ->
                    true;
            default -> false;
        };
    }

    private static boolean separatesWords(int c) {
        int type = Character.getType(c);
        return type == Character.DASH_PUNCTUATION
                || type == Character.CONNECTOR_PUNCTUATION
                || c == '/'
                || c == '\\';
    }
}
