package io.asrwb.engine.decode.lm.build;

import io.asrwb.engine.decode.lm.LanguageModel;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Raw counts of every n-gram of orders 1..N in sentences padded as {@code <s> w1 … wk </s>}.
 * Every token after {@code <s>} is counted once as the last word of an n-gram of each order that
 * fits in the sentence, so n-grams starting with {@code <s>} are shorter than N at the start of a
 * sentence (as KenLM's lmplz counts them). An n-gram is its words joined by single spaces.
 */
public final class NgramCounts {

    private final int order;
    // raw.get(n - 1): n-gram -> occurrences
    private final List<Map<String, Long>> raw = new ArrayList<>();
    private long sentences;

    public NgramCounts(int order) {
        if (order < 1) {
            throw new IllegalArgumentException("the n-gram order must be at least 1, got " + order);
        }
        this.order = order;
        for (int n = 1; n <= order; n++) {
            raw.add(new HashMap<>());
        }
    }

    /** Counts one sentence's words (no spaces inside a word); an empty sentence is skipped. */
    public void add(List<String> words) {
        if (words.isEmpty()) {
            return;
        }
        List<String> tokens = new ArrayList<>(words.size() + 2);
        tokens.add(LanguageModel.SENTENCE_START);
        for (String w : words) {
            if (w.isEmpty()
                    || w.indexOf(' ') >= 0
                    || w.equals(LanguageModel.SENTENCE_START)
                    || w.equals(LanguageModel.SENTENCE_END)) {
                throw new IllegalArgumentException("not a word: '" + w + "'");
            }
            tokens.add(w);
        }
        tokens.add(LanguageModel.SENTENCE_END);
        for (int end = 1; end < tokens.size(); end++) {
            StringBuilder key = new StringBuilder(tokens.get(end));
            raw.get(0).merge(key.toString(), 1L, Long::sum);
            for (int n = 2; n <= order && end - n + 1 >= 0; n++) {
                key.insert(0, ' ').insert(0, tokens.get(end - n + 1));
                raw.get(n - 1).merge(key.toString(), 1L, Long::sum);
            }
        }
        sentences++;
    }

    /** Splits a normalised transcript on spaces and counts it. */
    public void addText(String normalised) {
        String s = normalised.strip();
        add(s.isEmpty() ? List.of() : List.of(s.split(" +")));
    }

    public int order() {
        return order;
    }

    /** Sentences counted (empty ones excepted). */
    public long sentences() {
        return sentences;
    }

    /** The raw counts of order n (1-based), read-only. */
    public Map<String, Long> of(int n) {
        return Collections.unmodifiableMap(raw.get(n - 1));
    }
}
