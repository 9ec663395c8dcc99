/**
 * The Errors tab: evaluate a checkpoint on a dataset split off the FX thread (progress, cancel),
 * then each utterance's coloured word diff and the corpus error tables.
 */
package io.asrwb.app.errors;
