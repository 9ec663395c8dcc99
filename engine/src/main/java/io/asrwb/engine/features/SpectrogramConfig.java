package io.asrwb.engine.features;

/**
 * How audio is cut into frames and transformed by the STFT.
 *
 * @param sampleRate     samples per second of the input (the features assume 16 kHz mono)
 * @param nFft           FFT size in samples; yields {@code nFft / 2 + 1} frequency bins
 * @param winLength      window length in samples (≤ nFft; centred in the FFT frame, zeros around)
 * @param hopLength      samples between the starts of consecutive frames
 * @param window         window shape
 * @param periodicWindow true for the periodic window librosa/torch use (deepspeech.pytorch), false
 *                       for the symmetric one
 * @param center         true to pad {@code nFft / 2} reflected samples at both ends so frame t is
 *                       centred on sample {@code t * hopLength} (librosa/torch {@code center=True})
 */
public record SpectrogramConfig(
        int sampleRate,
        int nFft,
        int winLength,
        int hopLength,
        WindowKind window,
        boolean periodicWindow,
        boolean center) {

    public SpectrogramConfig {
        if (sampleRate < 1) {
            throw new IllegalArgumentException("sampleRate must be ≥ 1 Hz, got " + sampleRate);
        }
        if (nFft < 2) {
            throw new IllegalArgumentException("nFft must be ≥ 2 samples, got " + nFft);
        }
        if (winLength < 1 || winLength > nFft) {
            throw new IllegalArgumentException(
                    "winLength must be in 1.." + nFft + " (nFft), got " + winLength);
        }
        if (hopLength < 1) {
            throw new IllegalArgumentException("hopLength must be ≥ 1 sample, got " + hopLength);
        }
        if (window == null) {
            throw new IllegalArgumentException("window must be given (e.g. WindowKind.HAMMING)");
        }
    }

    /**
     * deepspeech.pytorch's spectrogram at 16 kHz: 20 ms periodic Hamming window = FFT size (320),
     * 10 ms hop (160), centred frames with reflect padding → 161 bins.
     */
    public static SpectrogramConfig deepSpeech() {
        return ofMillis(16_000, 20.0, 10.0);
    }

    /**
     * A periodic-Hamming, centred config with window = FFT size, both given in milliseconds and
     * truncated to whole samples like deepspeech.pytorch's {@code int(sample_rate * window_size)}.
     */
    public static SpectrogramConfig ofMillis(int sampleRate, double windowMs, double hopMs) {
        int n = (int) (sampleRate * windowMs / 1000.0);
        int hop = (int) (sampleRate * hopMs / 1000.0);
        return new SpectrogramConfig(sampleRate, n, n, hop, WindowKind.HAMMING, true, true);
    }

    /** Frequency bins per frame: {@code nFft / 2 + 1}. */
    public int bins() {
        return nFft / 2 + 1;
    }

    /**
     * Frames produced for {@code samples} input samples: {@code 1 + samples / hop} when centred
     * (empty input gives 0), {@code 1 + (samples - nFft) / hop} (0 if shorter than nFft) otherwise.
     */
    public int frameCount(int samples) {
        if (samples <= 0) {
            return 0;
        }
        int padded = center ? samples + 2 * (nFft / 2) : samples;
        return padded < nFft ? 0 : 1 + (padded - nFft) / hopLength;
    }
}
