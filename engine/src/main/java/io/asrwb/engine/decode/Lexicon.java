package io.asrwb.engine.decode;

import java.util.Collection;
import java.util.HashSet;
import java.util.Set;

/**
 * A closed vocabulary for the beam search: the words it may write and every beginning of one. A
 * prefix whose unfinished word begins no word of the lexicon is dropped as soon as it appears, and
 * a space may only close a word of the lexicon, so the search spends its whole beam on spellings it
 * can finish (wav2letter's and torchaudio's "lexicon decoder"; pocketsphinx decodes this way by
 * design). What a model hears of a word it half-knows then lands on the nearest word it may say.
 */
public final class Lexicon {

    private final Set<String> words;
    private final Set<String> beginnings;

    private Lexicon(Set<String> words, Set<String> beginnings) {
        this.words = words;
        this.beginnings = beginnings;
    }

    /** The lexicon of these words; blank entries are ignored. */
    public static Lexicon of(Collection<String> words) {
        Set<String> kept = new HashSet<>();
        Set<String> beginnings = new HashSet<>();
        for (String word : words) {
            if (word == null || word.isBlank()) {
                continue;
            }
            kept.add(word);
            for (int end = 1; end <= word.length(); end++) {
                beginnings.add(word.substring(0, end));
            }
        }
        if (kept.isEmpty()) {
            throw new IllegalArgumentException(
                    "a closed vocabulary needs at least one word; the language model lists none");
        }
        return new Lexicon(Set.copyOf(kept), Set.copyOf(beginnings));
    }

    /** Whether {@code partial} is a word of the lexicon or the beginning of one. */
    public boolean begins(String partial) {
        return beginnings.contains(partial);
    }

    /** Whether {@code word} is a word of the lexicon. */
    public boolean contains(String word) {
        return words.contains(word);
    }

    public int size() {
        return words.size();
    }
}
