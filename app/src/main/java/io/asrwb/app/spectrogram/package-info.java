/** The spectrogram viewer: features computed and rendered to pixels off the FX thread. */
package io.asrwb.app.spectrogram;
