/**
 * The Alignment tab: align a dataset split with a checkpoint off the FX thread (progress, cancel),
 * then browse each utterance's reference and hypothesis words with their spans and confidences.
 */
package io.asrwb.app.align;
