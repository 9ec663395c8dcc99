/**
 * A clip as the app shows and plays it: waveform and spectrogram with zoom, a selection, playback
 * (slowed with its pitch kept) and a pitch tier; the Datasets, Alignment, Record and Relabel views
 * use it.
 */
package io.asrwb.app.waveform;
