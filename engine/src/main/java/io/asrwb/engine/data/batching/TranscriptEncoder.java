package io.asrwb.engine.data.batching;

/**
 * A transcript to CTC label ids 1..K-1 (0 is the blank). Typically normaliser then alphabet:
 * {@code text -> alphabet.encode(normaliser.normalise(text))}. Must be thread-safe; an
 * {@link IllegalArgumentException} means the transcript cannot be encoded (the utterance is
 * skipped and reported).
 */
@FunctionalInterface
public interface TranscriptEncoder {

    int[] encode(String transcript);
}
