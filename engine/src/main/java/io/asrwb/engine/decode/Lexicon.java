package io.asrwb.engine.decode;

import io.asrwb.engine.decode.lm.LanguageModel;
import java.util.Collection;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.WeakHashMap;

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

    private static final Map<LanguageModel, Lexicon> OF_MODEL = new WeakHashMap<>();

    /**
     * The lexicon of a language model's words, built once per model: the Transcribe tab decodes
     * again on every slider move and {@code lm tune} once per grid point, with the same model.
     */
    public static Lexicon of(LanguageModel lm) {
        synchronized (OF_MODEL) {
            return OF_MODEL.computeIfAbsent(lm, m -> of(m.vocabulary()));
        }
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
