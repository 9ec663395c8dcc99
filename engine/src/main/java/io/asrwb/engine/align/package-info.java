/**
 * CTC forced alignment of an utterance's reference (and of the model's hypothesis) to its audio:
 * word spans with a confidence, stored in the catalog per split and exported as CTM, Praat
 * TextGrid and Audacity label tracks.
 */
package io.asrwb.engine.align;
