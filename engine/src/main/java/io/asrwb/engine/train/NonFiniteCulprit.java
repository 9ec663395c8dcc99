package io.asrwb.engine.train;

/**
 * An utterance found behind a batch's non-finite loss or gradient ({@link NonFiniteProbe}): its
 * row and why, e.g. "non-finite gradient: its features hold NaN or infinite values".
 *
 * @param example its row in the step's batches, counted across an accumulation group
 * @param reason what went non-finite, in words
 */
public record NonFiniteCulprit(int example, String reason) {}
