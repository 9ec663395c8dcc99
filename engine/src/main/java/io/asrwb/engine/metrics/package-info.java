/** Edit distance, corpus-level WER/CER accumulators and the one text normaliser used everywhere. */
package io.asrwb.engine.metrics;
