/**
 * The trainer: runs a model over batches with exact resume, and reports {@link
 * io.asrwb.engine.events.TrainingEvent}s to listeners (JSON lines, H2 metrics, UI, remote).
 */
package io.asrwb.engine.train;
