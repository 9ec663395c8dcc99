package io.asrwb.app.transcribe;

/** One snapshot of the live spectrogram: ARGB pixels, row by row, newest column at the right. */
public record LiveSpectrogramImage(int[] argb, int width, int height) {}
