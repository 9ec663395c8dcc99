package io.asrwb.engine.align;

import java.util.List;
import java.util.Objects;

/** The outcome of aligning one text to one utterance's audio. */
public sealed interface TextAlignment {

    /** The words of the text in order, each placed. */
    record Aligned(List<AlignedWord> words) implements TextAlignment {
        public Aligned {
            words = List.copyOf(words);
        }

        /** Mean of the words' confidences; NaN for an empty text. */
        public double meanConfidence() {
            return words.stream().mapToDouble(AlignedWord::confidence).average().orElse(Double.NaN);
        }
    }

    /** Why the text could not be placed (audio too short for it, unreadable audio …). */
    record Unaligned(String reason) implements TextAlignment {
        public Unaligned {
            Objects.requireNonNull(reason, "reason");
        }
    }
}
