/**
 * Estimates word n-gram language models from text: interpolated modified Kneser-Ney smoothing
 * (Chen &amp; Goodman), count pruning, ARPA output that {@code decode.lm.ArpaReader} reads back.
 */
package io.asrwb.engine.decode.lm.build;
