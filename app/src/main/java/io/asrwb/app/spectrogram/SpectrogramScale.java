package io.asrwb.app.spectrogram;

/** Which frequency scale the viewer shows. */
public enum SpectrogramScale {
    /** Linear-frequency STFT magnitude, one row per FFT bin (what the DS2 models see). */
    LINEAR,
    /** Mel-band power, one row per band: more rows for low frequencies where speech lives. */
    LOG_MEL
}
