/**
 * Words on the waveform: a clip's reference and hypothesis words as two tiers of spans under its
 * waveform and spectrogram (Praat's tiers), shaded by alignment confidence, coloured by how the
 * hypothesis got each word wrong; a word clicked or chosen by keyboard is selected and played.
 */
package io.asrwb.app.words;
