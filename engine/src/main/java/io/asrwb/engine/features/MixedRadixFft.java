package io.asrwb.engine.features;

import java.util.ArrayList;
import java.util.List;

/**
 * Forward complex DFT of any length, as a Stockham auto-sort FFT (decimation in frequency) with
 * hand-written radix-2, 3, 4 and 5 butterflies and a direct O(p²) butterfly for any other prime
 * factor p. Written here because the feature sizes we need (320 = 2⁶·5, 400, 512 …) are mostly
 * not powers of two, and TarsosDSP's FloatFFT allocates a work array on every call and keeps its
 * twiddles in float.
 *
 * <p>This class is the plan and the stage driver; the butterflies are in {@link
 * StockhamButterflies}. The plan (radices and twiddles) is immutable and built once; callers pass
 * their own scratch, so one instance serves many threads.
 */
final class MixedRadixFft {

    private final int n;
    private final int[] radices;

    /** Per stage, W_len^(p·k) for p < len/r, k = 1..r−1, at index p·(r−1) + k−1. */
    private final double[][] twiddleRe;

    private final double[][] twiddleIm;

    /** Per stage with a generic radix r: W_r^j for j < r; null for the hand-written radices. */
    private final double[][] rootRe;

    private final double[][] rootIm;

    MixedRadixFft(int n) {
        if (n < 1) {
            throw new IllegalArgumentException("FFT length must be ≥ 1, got " + n);
        }
        this.n = n;
        this.radices = factor(n);
        int stages = radices.length;
        twiddleRe = new double[stages][];
        twiddleIm = new double[stages][];
        rootRe = new double[stages][];
        rootIm = new double[stages][];
        int len = n;
        for (int st = 0; st < stages; st++) {
            int r = radices[st];
            int m = len / r;
            twiddleRe[st] = new double[m * (r - 1)];
            twiddleIm[st] = new double[m * (r - 1)];
            for (int p = 0; p < m; p++) {
                for (int k = 1; k < r; k++) {
                    double angle = -2.0 * Math.PI * ((long) p * k % len) / len;
                    twiddleRe[st][p * (r - 1) + k - 1] = Math.cos(angle);
                    twiddleIm[st][p * (r - 1) + k - 1] = Math.sin(angle);
                }
            }
            if (r > 5) {
                rootRe[st] = new double[r];
                rootIm[st] = new double[r];
                for (int j = 0; j < r; j++) {
                    rootRe[st][j] = Math.cos(-2.0 * Math.PI * j / r);
                    rootIm[st][j] = Math.sin(-2.0 * Math.PI * j / r);
                }
            }
            len = m;
        }
    }

    int length() {
        return n;
    }

    /** Radices in the order the stages apply them: 4s first, then 2, 3, 5, then other primes. */
    static int[] factor(int n) {
        List<Integer> factors = new ArrayList<>();
        int rest = n;
        for (int r : new int[] {4, 2, 3, 5}) {
            while (rest % r == 0) {
                factors.add(r);
                rest /= r;
            }
        }
        for (int p = 7; rest > 1; p += 2) {
            if ((long) p * p > rest) {
                p = rest;
            }
            while (rest % p == 0) {
                factors.add(p);
                rest /= p;
            }
        }
        return factors.stream().mapToInt(Integer::intValue).toArray();
    }

    /**
     * Replaces (re, im) by its forward DFT, X[k] = Σ x[t]·e^(−2πikt/n).
     *
     * @param scratchRe,scratchIm work arrays of at least n elements, contents irrelevant
     */
    void forward(double[] re, double[] im, double[] scratchRe, double[] scratchIm) {
        double[] xr = re;
        double[] xi = im;
        double[] yr = scratchRe;
        double[] yi = scratchIm;
        int len = n;
        int stride = 1;
        for (int st = 0; st < radices.length; st++) {
            int r = radices[st];
            int m = len / r;
            switch (r) {
                case 2 ->
                        StockhamButterflies.radix2(
                                m, stride, twiddleRe[st], twiddleIm[st], xr, xi, yr, yi);
                case 3 ->
                        StockhamButterflies.radix3(
                                m, stride, twiddleRe[st], twiddleIm[st], xr, xi, yr, yi);
                case 4 ->
                        StockhamButterflies.radix4(
                                m, stride, twiddleRe[st], twiddleIm[st], xr, xi, yr, yi);
                case 5 ->
                        StockhamButterflies.radix5(
                                m, stride, twiddleRe[st], twiddleIm[st], xr, xi, yr, yi);
                default ->
                        StockhamButterflies.radixGeneric(
                                r,
                                m,
                                stride,
                                twiddleRe[st],
                                twiddleIm[st],
                                rootRe[st],
                                rootIm[st],
                                xr,
                                xi,
                                yr,
                                yi);
            }
            double[] t = xr;
            xr = yr;
            yr = t;
            t = xi;
            xi = yi;
            yi = t;
            len = m;
            stride *= r;
        }
        if (xr != re) {
            System.arraycopy(xr, 0, re, 0, n);
            System.arraycopy(xi, 0, im, 0, n);
        }
    }
}
