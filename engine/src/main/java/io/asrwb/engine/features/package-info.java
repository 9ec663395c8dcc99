/**
 * Acoustic features from 16 kHz mono samples: STFT, log-spectrogram, log-mel, MFCC and
 * per-utterance normalisation; {@code float[]} in, {@code float[frames][bins]} out.
 */
package io.asrwb.engine.features;
