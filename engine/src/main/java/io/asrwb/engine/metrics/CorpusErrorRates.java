package io.asrwb.engine.metrics;

import java.util.Objects;

/**
 * Corpus-level WER and CER: errors summed over every utterance and divided once by the summed
 * reference length, so a long utterance weighs more than a short one (the mean of per-utterance
 * rates would let a one-word utterance count as much as a paragraph).
 *
 * @param words      summed word edits
 * @param characters summed character edits
 * @param utterances how many utterances were scored
 */
public record CorpusErrorRates(EditCounts words, EditCounts characters, long utterances) {

    public static final CorpusErrorRates EMPTY =
            new CorpusErrorRates(EditCounts.ZERO, EditCounts.ZERO, 0);

    public CorpusErrorRates {
        Objects.requireNonNull(words, "words");
        Objects.requireNonNull(characters, "characters");
    }

    public double wer() {
        return words.rate();
    }

    public double cer() {
        return characters.rate();
    }

    public CorpusErrorRates plus(UtteranceErrors utterance) {
        return new CorpusErrorRates(
                words.plus(utterance.words()),
                characters.plus(utterance.characters()),
                utterances + 1);
    }

    public CorpusErrorRates plus(CorpusErrorRates other) {
        return new CorpusErrorRates(
                words.plus(other.words),
                characters.plus(other.characters),
                utterances + other.utterances);
    }
}
