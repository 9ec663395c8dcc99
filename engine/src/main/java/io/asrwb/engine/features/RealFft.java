package io.asrwb.engine.features;

import java.util.Arrays;

/**
 * Forward DFT of a real sequence, returning the {@code n / 2 + 1} non-negative-frequency bins.
 *
 * <p>For even n the n real samples are packed as n/2 complex ones (even samples real, odd
 * imaginary), transformed by one half-length complex FFT and split with the standard
 * post-processing step — half the work of a complex FFT of length n. Odd n falls back to a full
 * complex FFT. The plan is immutable; each thread brings its own {@link Workspace}.
 */
final class RealFft {

    private final int n;
    private final int bins;
    private final MixedRadixFft complexFft;

    /** e^(−2πik/n) for k ≤ n/2, used by the even-length split. */
    private final double[] splitRe;

    private final double[] splitIm;

    RealFft(int n) {
        if (n < 2) {
            throw new IllegalArgumentException("real FFT length must be ≥ 2, got " + n);
        }
        this.n = n;
        this.bins = n / 2 + 1;
        boolean even = n % 2 == 0;
        this.complexFft = new MixedRadixFft(even ? n / 2 : n);
        this.splitRe = new double[bins];
        this.splitIm = new double[bins];
        for (int k = 0; k < bins; k++) {
            splitRe[k] = Math.cos(-2.0 * Math.PI * k / n);
            splitIm[k] = Math.sin(-2.0 * Math.PI * k / n);
        }
    }

    int length() {
        return n;
    }

    int bins() {
        return bins;
    }

    /** Scratch for one thread's transforms; allocate once per utterance or per thread. */
    Workspace newWorkspace() {
        int m = complexFft.length();
        return new Workspace(new double[m], new double[m], new double[m], new double[m]);
    }

    record Workspace(double[] re, double[] im, double[] scratchRe, double[] scratchIm) {}

    /**
     * X[k] = Σ input[t]·e^(−2πikt/n) for k = 0..n/2.
     *
     * @param input  n real samples (not modified)
     * @param outRe  receives Re X[k], length ≥ n/2 + 1
     * @param outIm  receives Im X[k], length ≥ n/2 + 1
     */
    void forward(double[] input, double[] outRe, double[] outIm, Workspace ws) {
        double[] zr = ws.re();
        double[] zi = ws.im();
        if (n % 2 != 0) {
            System.arraycopy(input, 0, zr, 0, n);
            Arrays.fill(zi, 0, n, 0.0);
            complexFft.forward(zr, zi, ws.scratchRe(), ws.scratchIm());
            System.arraycopy(zr, 0, outRe, 0, bins);
            System.arraycopy(zi, 0, outIm, 0, bins);
            return;
        }
        int m = n / 2;
        for (int t = 0; t < m; t++) {
            zr[t] = input[2 * t];
            zi[t] = input[2 * t + 1];
        }
        complexFft.forward(zr, zi, ws.scratchRe(), ws.scratchIm());
        // Z = E + i·O with E, O the DFTs of the even and odd samples:
        // E[k] = (Z[k] + conj Z[m−k]) / 2, O[k] = −i (Z[k] − conj Z[m−k]) / 2, X[k] = E[k] + W^k
        // O[k].
        for (int k = 0; k <= m; k++) {
            int k1 = k == m ? 0 : k;
            int k2 = k == 0 ? 0 : m - k;
            double ar = zr[k1];
            double ai = zi[k1];
            double br = zr[k2];
            double bi = -zi[k2];
            double er = 0.5 * (ar + br);
            double ei = 0.5 * (ai + bi);
            double or = 0.5 * (ai - bi);
            double oi = -0.5 * (ar - br);
            double wr = splitRe[k];
            double wi = splitIm[k];
            outRe[k] = er + wr * or - wi * oi;
            outIm[k] = ei + wr * oi + wi * or;
        }
    }
}
