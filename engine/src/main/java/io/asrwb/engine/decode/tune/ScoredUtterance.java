package io.asrwb.engine.decode.tune;

/**
 * An utterance the acoustic model has already scored: decoding it again costs a search, not a
 * forward pass.
 *
 * @param reference         the normalised transcript
 * @param logProbabilities  per-frame log-probabilities {@code [frames][labels]}, its frames only
 */
public record ScoredUtterance(String id, String reference, float[][] logProbabilities) {}
