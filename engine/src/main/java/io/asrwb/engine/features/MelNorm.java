package io.asrwb.engine.features;

/** How each triangular mel filter is scaled. */
public enum MelNorm {
    /** Peak 1 for every filter (torchaudio's default, {@code norm=None}). */
    NONE,
    /** Divide by the filter's width in Hz / 2, so each has unit area (librosa's default). */
    SLANEY
}
