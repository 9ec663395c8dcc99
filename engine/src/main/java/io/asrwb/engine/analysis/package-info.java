/**
 * What an evaluation got wrong and whether another checkpoint does better: word-by-word diffs,
 * corpus error tables (substitutions, per-word accuracy, WER by speaker, duration and folder),
 * per-utterance results of every evaluation kept in the catalog, and a paired bootstrap of two
 * checkpoints on the same utterances.
 */
package io.asrwb.engine.analysis;
