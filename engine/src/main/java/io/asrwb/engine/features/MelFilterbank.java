package io.asrwb.engine.features;

import java.util.Arrays;

/**
 * Triangular mel filters over the {@code nFft / 2 + 1} STFT bins, built as torchaudio's
 * {@code melscale_fbanks}: band edges equally spaced in mel, bin frequencies
 * {@code linspace(0, sampleRate / 2, bins)}, weight = max(0, min(rising, falling slope)), optional
 * Slaney area norm. Stored sparsely (each filter's first non-zero bin and its weights), since each
 * filter touches only a few bins. Immutable.
 */
final class MelFilterbank {

    private final int[] firstBin;
    private final double[][] weights;

    MelFilterbank(SpectrogramConfig spectrogram, MelConfig mel) {
        int bins = spectrogram.bins();
        int nMels = mel.nMels();
        int halfRate = spectrogram.sampleRate() / 2; // integer division, as torchaudio's sr // 2
        double nyquist = halfRate;
        double fMax = Math.min(mel.fMaxHz(), spectrogram.sampleRate() / 2.0);
        if (!(mel.fMinHz() < fMax)) {
            throw new IllegalArgumentException(
                    "mel fMinHz "
                            + mel.fMinHz()
                            + " must be below fMaxHz/Nyquist "
                            + fMax
                            + "; lower fMinHz");
        }
        double melMin = mel.scale().toMel(mel.fMinHz());
        double melMax = mel.scale().toMel(fMax);
        double[] edgesHz = new double[nMels + 2];
        for (int i = 0; i < nMels + 2; i++) {
            edgesHz[i] = mel.scale().toHz(melMin + (melMax - melMin) * i / (nMels + 1));
        }
        firstBin = new int[nMels];
        weights = new double[nMels][];
        double[] dense = new double[bins];
        for (int m = 0; m < nMels; m++) {
            double lower = edgesHz[m];
            double centre = edgesHz[m + 1];
            double upper = edgesHz[m + 2];
            double scale = mel.norm() == MelNorm.SLANEY ? 2.0 / (upper - lower) : 1.0;
            int first = -1;
            int last = -1;
            for (int k = 0; k < bins; k++) {
                double hz = bins == 1 ? 0.0 : nyquist * k / (bins - 1);
                double rising = (hz - lower) / (centre - lower);
                double falling = (upper - hz) / (upper - centre);
                double w = Math.max(0.0, Math.min(rising, falling));
                dense[k] = w * scale;
                if (w > 0.0) {
                    if (first < 0) {
                        first = k;
                    }
                    last = k;
                }
            }
            if (first < 0) {
                // A band narrower than the bin spacing catches no bin: torchaudio keeps it as zeros
                // too.
                firstBin[m] = 0;
                weights[m] = new double[0];
            } else {
                firstBin[m] = first;
                weights[m] = Arrays.copyOfRange(dense, first, last + 1);
            }
        }
    }

    int nMels() {
        return weights.length;
    }

    /** Filter m's weight on bin k (0 outside its support); for tests and plots. */
    double weight(int m, int k) {
        int i = k - firstBin[m];
        return i >= 0 && i < weights[m].length ? weights[m][i] : 0.0;
    }

    /** mel[m] = Σ_k weight(m, k)·power[k]. */
    void apply(double[] power, double[] mel) {
        for (int m = 0; m < weights.length; m++) {
            double[] w = weights[m];
            int base = firstBin[m];
            double sum = 0.0;
            for (int i = 0; i < w.length; i++) {
                sum += w[i] * power[base + i];
            }
            mel[m] = sum;
        }
    }
}
