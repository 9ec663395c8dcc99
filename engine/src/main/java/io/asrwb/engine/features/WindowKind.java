package io.asrwb.engine.features;

/** The analysis window applied to each STFT frame. */
public enum WindowKind {
    /** 0.54 − 0.46·cos: deepspeech.pytorch's default ({@code window='hamming'}). */
    HAMMING(0.54, 0.46),
    /** 0.5 − 0.5·cos. */
    HANN(0.5, 0.5),
    /** All ones. */
    RECTANGULAR(1.0, 0.0);

    private final double a0;
    private final double a1;

    WindowKind(double a0, double a1) {
        this.a0 = a0;
        this.a1 = a1;
    }

    /**
     * The window's coefficients.
     *
     * @param periodic true for the DFT-even ("periodic") form that scipy's {@code get_window},
     *     librosa and {@code torch.hamming_window} use by default (denominator {@code length});
     *     false for the symmetric filter-design form (denominator {@code length - 1})
     */
    public double[] coefficients(int length, boolean periodic) {
        if (length < 1) {
            throw new IllegalArgumentException("window length must be ≥ 1, got " + length);
        }
        double[] w = new double[length];
        if (length == 1) {
            w[0] = 1.0;
            return w;
        }
        int denominator = periodic ? length : length - 1;
        for (int i = 0; i < length; i++) {
            w[i] = a0 - a1 * Math.cos(2.0 * Math.PI * i / denominator);
        }
        return w;
    }
}
