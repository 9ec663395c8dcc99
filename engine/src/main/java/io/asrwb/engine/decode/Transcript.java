package io.asrwb.engine.decode;

import java.util.List;
import java.util.Objects;

/**
 * A decoded utterance.
 *
 * @param text  the words joined by single spaces (no leading, trailing or repeated spaces)
 * @param words one timing per word of {@code text}, in order
 * @param score natural-log score of the decoding: the best path's log-probability for greedy
 *              decoding, the labelling's log-probability (plus weighted LM and word bonus, when
 *              a language model is used) for beam search
 */
public record Transcript(String text, List<WordTiming> words, double score) {

    public Transcript {
        Objects.requireNonNull(text, "text");
        words = List.copyOf(words);
    }
}
