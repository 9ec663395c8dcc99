package io.asrwb.engine.features;

/**
 * A triangular mel filterbank over the power spectrum and the log applied to its output.
 *
 * <p>Defaults ({@link #of(int)}): Slaney scale with Slaney (area) norm — librosa's and NeMo's
 * choice, i.e. torchaudio {@code MelSpectrogram(norm='slaney', mel_scale='slaney')} — from 0 Hz to
 * Nyquist, log floor 1e-10 (torchaudio {@code AmplitudeToDB}'s {@code amin}).
 *
 * @param nMels    number of mel bands
 * @param fMinHz   lowest filter edge in Hz
 * @param fMaxHz   highest filter edge in Hz; values above Nyquist (e.g. infinity) mean Nyquist
 * @param scale    Hz ↔ mel mapping
 * @param norm     filter scaling
 * @param logFloor log-mel is {@code ln(max(power, logFloor))}
 */
public record MelConfig(
        int nMels, double fMinHz, double fMaxHz, MelScale scale, MelNorm norm, double logFloor) {

    public MelConfig {
        if (nMels < 1) {
            throw new IllegalArgumentException("nMels must be ≥ 1, got " + nMels);
        }
        if (!(fMinHz >= 0.0) || !(fMaxHz > fMinHz)) {
            throw new IllegalArgumentException(
                    "need 0 ≤ fMinHz < fMaxHz, got fMinHz=" + fMinHz + ", fMaxHz=" + fMaxHz);
        }
        if (scale == null || norm == null) {
            throw new IllegalArgumentException(
                    "scale and norm must be given (e.g. SLANEY, SLANEY)");
        }
        if (!(logFloor > 0.0)) {
            throw new IllegalArgumentException(
                    "logFloor must be > 0 (e.g. 1e-10), got " + logFloor);
        }
    }

    /** {@code nMels} Slaney-scale, Slaney-normed bands from 0 Hz to Nyquist, log floor 1e-10. */
    public static MelConfig of(int nMels) {
        return new MelConfig(
                nMels, 0.0, Double.POSITIVE_INFINITY, MelScale.SLANEY, MelNorm.SLANEY, 1e-10);
    }

    /** 80 bands, see {@link #of(int)}. */
    public static MelConfig defaults() {
        return of(80);
    }

    public MelConfig withScale(MelScale newScale, MelNorm newNorm) {
        return new MelConfig(nMels, fMinHz, fMaxHz, newScale, newNorm, logFloor);
    }
}
