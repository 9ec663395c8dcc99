package io.asrwb.engine.decode.lm;

import java.util.List;
import java.util.Set;

/** A word language model: the log10 probability of a word after the words before it. */
public interface LanguageModel {

    /** Sentence start; the beam search begins every history with it. */
    String SENTENCE_START = "<s>";

    /** Sentence end; scored once after the last word. */
    String SENTENCE_END = "</s>";

    /** Stand-in for every word the model does not know. */
    String UNKNOWN = "<unk>";

    /** Longest n-gram the model scores; a longer history is cut from the left to order − 1 words. */
    int order();

    /**
     * log10 P(word | history). The history lists the preceding words, oldest first, usually starting
     * with {@link #SENTENCE_START}; it may be longer than the model's context.
     */
    double log10Probability(List<String> history, String word);

    /** Whether the word is in the model's vocabulary (otherwise it is scored as {@link #UNKNOWN}). */
    boolean knows(String word);

    /** The words the model knows, less {@code <s>}, {@code </s>} and {@code <unk>}. */
    Set<String> vocabulary();
}
