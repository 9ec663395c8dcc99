/**
 * CTC decoders (greedy, and prefix beam search with an optional n-gram LM) turning
 * log-probabilities into transcripts with word timings.
 */
package io.asrwb.engine.decode;
