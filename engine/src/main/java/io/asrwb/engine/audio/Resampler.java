package io.asrwb.engine.audio;

/**
 * Band-limited sample-rate conversion by a Kaiser-windowed sinc, evaluated as a rational
 * polyphase filter (out/in = L/M after dividing by the gcd).
 *
 * <p>Design: pass band to 90% of the lower Nyquist, stop band from 100% of it, 80 dB stop-band
 * attenuation (Kaiser β ≈ 7.86), so nothing above the target Nyquist folds back into speech.
 * We wrote our own rather than use TarsosDSP's {@code be.tarsos.dsp.resample.Resampler} (a port of
 * libresample): that one is band-limited too, but fixed at Kaiser β = 6 (about 63 dB nominal, less
 * after its float table and linear interpolation), which is too close to our 60 dB anti-aliasing
 * requirement, and its streaming, stateful API is awkward for whole-file conversion.
 *
 * <p>Instances are immutable and thread-safe; build one per rate pair and reuse it.
 */
public final class Resampler {

    private static final double PASS = 0.90;
    private static final double STOP = 1.00;
    private static final double ATTENUATION_DB = 80;

    /** Above this many phase-table entries, phases are quantised and linearly interpolated. */
    private static final long MAX_TABLE = 1L << 21;

    private static final int INTERPOLATED_PHASES = 1024;

    private final int inRate;
    private final int outRate;
    private final long up; // L
    private final long down; // M
    private final int taps; // filter taps per output sample (2K)
    private final int half; // K: taps on each side of the output instant
    private final int phases;
    private final float[] table; // (phases + 1) rows of taps coefficients

    public Resampler(int inRate, int outRate) {
        if (inRate <= 0 || outRate <= 0) {
            throw new IllegalArgumentException(
                    "sample rates must be positive: " + inRate + " -> " + outRate);
        }
        this.inRate = inRate;
        this.outRate = outRate;
        long g = gcd(inRate, outRate);
        this.up = outRate / g;
        this.down = inRate / g;
        if (inRate == outRate) {
            this.half = 0;
            this.taps = 0;
            this.phases = 0;
            this.table = new float[0];
            return;
        }
        // All frequencies as fractions of the input rate.
        double nyquistLow = 0.5 * Math.min(inRate, outRate) / inRate;
        double cutoff = 0.5 * (PASS + STOP) * nyquistLow; // -6 dB point
        double transition = (STOP - PASS) * nyquistLow; // cycles per input sample
        double beta = 0.1102 * (ATTENUATION_DB - 8.7);
        // Kaiser's length estimate: N = (A - 7.95) / (2.285 * 2π Δf).
        double length = (ATTENUATION_DB - 7.95) / (2.285 * 2 * Math.PI * transition);
        this.half = 2 * (int) Math.ceil((Math.ceil(length / 2) + 1) / 2); // even, so taps % 4 == 0
        this.taps = 2 * half;
        this.phases = (int) (up * taps <= MAX_TABLE ? up : INTERPOLATED_PHASES);
        this.table = buildTable(cutoff, beta, length / 2);
    }

    public int inRate() {
        return inRate;
    }

    public int outRate() {
        return outRate;
    }

    /** Row p holds h(p/phases - k) for k = -(half-1) .. half, each row normalised to unit DC gain. */
    private float[] buildTable(double cutoff, double beta, double radius) {
        float[] t = new float[(phases + 1) * taps];
        double i0Beta = besselI0(beta);
        double[] row = new double[taps];
        for (int p = 0; p <= phases; p++) {
            double frac = (double) p / phases;
            double sum = 0;
            for (int j = 0; j < taps; j++) {
                int k = j - (half - 1);
                double tau =
                        frac - k; // input-sample distance from the output instant to sample i+k
                double r = tau / radius;
                double w = Math.abs(r) >= 1 ? 0 : besselI0(beta * Math.sqrt(1 - r * r)) / i0Beta;
                row[j] = 2 * cutoff * sinc(2 * cutoff * tau) * w;
                sum += row[j];
            }
            for (int j = 0; j < taps; j++) {
                t[p * taps + j] = (float) (row[j] / sum);
            }
        }
        return t;
    }

    /** Converts a whole signal; the output has ceil(n · out / in) samples and the same start time. */
    public float[] process(float[] in) {
        if (inRate == outRate) {
            return in.clone();
        }
        long n = in.length;
        long outLen = (n * up + down - 1) / down;
        if (outLen > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("resampled signal too long: " + outLen + " samples");
        }
        float[] out = new float[(int) outLen];
        float[] row = new float[taps];
        for (int o = 0; o < out.length; o++) {
            out[o] = (float) outputAt(o, in, 0, n, row);
        }
        return out;
    }

    /** Output samples of an input of {@code n} samples (ceil(n · out / in)). */
    long outputLength(long n) {
        return (n * up + down - 1) / down;
    }

    /** The input sample at or before output instant {@code o}. */
    long inputBefore(long o) {
        return o * down / up;
    }

    /** Filter taps on each side of an output instant: output o reads inputs inputBefore(o) - (half - 1) .. + half. */
    int half() {
        return half;
    }

    /**
     * Output sample {@code o} of an input of {@code n} samples, of which {@code in} holds those
     * from index {@code inStart} on (every sample the filter reads inside 0..n must be there);
     * {@code row} is scratch space of {@code taps} floats. Shared by {@link #process} and
     * {@link StreamingResampler}, so streamed and whole conversions agree to the bit.
     */
    double outputAt(long o, float[] in, long inStart, long n, float[] row) {
        long pos = o * down; // output instant in units of 1/up input samples
        long i = pos / up; // input sample at or before it
        long rem = pos % up;
        float[] coeffs;
        int base;
        if (phases == up) {
            coeffs = table;
            base = (int) rem * taps;
        } else {
            double x = (double) rem / up * phases;
            int p = (int) x;
            float a = (float) (x - p);
            int r0 = p * taps;
            int r1 = r0 + taps;
            for (int j = 0; j < taps; j++) {
                row[j] = table[r0 + j] + a * (table[r1 + j] - table[r0 + j]);
            }
            coeffs = row;
            base = 0;
        }
        long first = i - (half - 1);
        double acc = 0;
        if (first >= 0 && first + taps <= n) {
            acc = dot(coeffs, base, in, (int) (first - inStart), taps);
        } else {
            for (int j = 0; j < taps; j++) {
                long s = first + j;
                if (s >= 0 && s < n) {
                    acc += coeffs[base + j] * in[(int) (s - inStart)];
                }
            }
        }
        return acc;
    }

    /** Four independent sums (taps is even, and a multiple of 4 by construction) keep the FPU busy. */
    private static double dot(float[] c, int ci, float[] x, int xi, int n) {
        float a0 = 0;
        float a1 = 0;
        float a2 = 0;
        float a3 = 0;
        for (int j = 0; j < n; j += 4) {
            a0 += c[ci + j] * x[xi + j];
            a1 += c[ci + j + 1] * x[xi + j + 1];
            a2 += c[ci + j + 2] * x[xi + j + 2];
            a3 += c[ci + j + 3] * x[xi + j + 3];
        }
        return (double) a0 + a1 + a2 + a3;
    }

    private static double sinc(double x) {
        if (Math.abs(x) < 1e-12) {
            return 1;
        }
        double px = Math.PI * x;
        return Math.sin(px) / px;
    }

    /** Modified Bessel function of the first kind, order 0, by its power series. */
    static double besselI0(double x) {
        double sum = 1;
        double term = 1;
        double q = x * x / 4;
        for (int k = 1; k < 200; k++) {
            term *= q / ((double) k * k);
            sum += term;
            if (term < sum * 1e-17) {
                break;
            }
        }
        return sum;
    }

    private static long gcd(long a, long b) {
        while (b != 0) {
            long t = a % b;
            a = b;
            b = t;
        }
        return a;
    }
}
