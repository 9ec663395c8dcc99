/**
 * Crash-safe training checkpoints: atomic directories with checksums, a {@code latest} pointer,
 * retention, and the state (step, batch position, RNG states, config, provenance) for exact resume.
 */
package io.asrwb.engine.checkpoint;
