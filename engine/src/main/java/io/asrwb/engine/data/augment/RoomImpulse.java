package io.asrwb.engine.data.augment;

import io.asrwb.engine.data.random.StableRandom;

/**
 * Impulse response of a shoebox room by the image method (Allen &amp; Berkley 1979): every
 * mirror image of the source in the six walls, up to the response's length, adds an impulse
 * delayed by its distance over the speed of sound, scaled by 1/(4π·distance) and by the wall
 * reflection coefficient β = √(1 − α) once per reflection. All walls share one absorption α,
 * chosen so that the response decays at a target RT60.
 *
 * <p>Why not Eyring's α: in a box with specular walls a sound travelling nearly along the long
 * axis meets walls less often than the mean free path 4V/S says, so the decay is the average of
 * many exponentials and slower than Eyring's (measured here: 1.3–1.8 × its RT60, as Lehmann &amp;
 * Johansson 2008 report). {@link #decayRt60} models that average over directions and
 * {@link #absorptionFor} inverts it, so the drawn RT60 is the one the response has.
 *
 * @param size        room length, width, height (m)
 * @param source      talker position (m), inside the room
 * @param mic         microphone position (m), inside the room
 * @param absorption  α of every wall, in (0, 1)
 */
public record RoomImpulse(double[] size, double[] source, double[] mic, double absorption) {

    public static final double SPEED_OF_SOUND = 343.0;

    /**
     * A random room: 3–10 × 3–8 × 2.4–4 m, talker and microphone at least 0.5 m from every wall,
     * walls absorbing so that the RT60 is {@code rt60} seconds.
     */
    public static RoomImpulse draw(StableRandom r, double rt60) {
        double[] size = {r.uniform(3, 10), r.uniform(3, 8), r.uniform(2.4, 4)};
        double[] source = new double[3];
        double[] mic = new double[3];
        for (int a = 0; a < 3; a++) {
            source[a] = r.uniform(0.5, size[a] - 0.5);
            mic[a] = r.uniform(0.5, size[a] - 0.5);
        }
        return new RoomImpulse(size, source, mic, absorptionFor(size, rt60));
    }

    /** Fixed directions on the unit sphere (a Fibonacci lattice): |x|, |y|, |z| per direction. */
    private static final double[][] DIRECTIONS = fibonacciSphere(128);

    /**
     * The RT60 (from the −5…−25 dB slope of the energy decay, as T20 is measured) of a specular box
     * with walls of absorption α: energy along direction (l, m, n) falls as
     * (1 − α)^(c·t·(|l|/Lx + |m|/Ly + |n|/Lz)), and the decay curve is the average over directions.
     */
    public static double decayRt60(double[] size, double alpha) {
        double[] rate = new double[DIRECTIONS.length];
        double minus = -Math.log(1 - alpha) * SPEED_OF_SOUND;
        double total = 0;
        for (int d = 0; d < rate.length; d++) {
            double[] u = DIRECTIONS[d];
            rate[d] = minus * (u[0] / size[0] + u[1] / size[1] + u[2] / size[2]);
            total += 1 / rate[d];
        }
        return 3 * (timeToLevel(rate, total, -25) - timeToLevel(rate, total, -5));
    }

    /** Schroeder curve Σ e^(−k t)/k over directions reaches {@code db} below its start. */
    private static double timeToLevel(double[] rate, double total, double db) {
        double target = total * Math.pow(10, db / 10);
        double lo = 0;
        double hi = 1;
        while (edc(rate, hi) > target) {
            hi *= 2;
        }
        for (int i = 0; i < 40; i++) {
            double mid = 0.5 * (lo + hi);
            if (edc(rate, mid) > target) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        return 0.5 * (lo + hi);
    }

    private static double edc(double[] rate, double t) {
        double sum = 0;
        for (double k : rate) {
            sum += Math.exp(-k * t) / k;
        }
        return sum;
    }

    /** α in [0.01, 0.99] for which {@link #decayRt60} is {@code rt60} (bisection; it falls as α grows). */
    public static double absorptionFor(double[] size, double rt60) {
        double lo = 0.01;
        double hi = 0.99;
        if (decayRt60(size, lo) <= rt60) {
            return lo;
        }
        if (decayRt60(size, hi) >= rt60) {
            return hi;
        }
        for (int i = 0; i < 30; i++) {
            double mid = 0.5 * (lo + hi);
            if (decayRt60(size, mid) > rt60) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        return 0.5 * (lo + hi);
    }

    private static double[][] fibonacciSphere(int n) {
        double[][] out = new double[n][];
        double golden = Math.PI * (3 - Math.sqrt(5));
        for (int i = 0; i < n; i++) {
            double z = 1 - (2 * i + 1) / (double) n;
            double r = Math.sqrt(1 - z * z);
            double phi = golden * i;
            out[i] =
                    new double[] {
                        Math.abs(r * Math.cos(phi)), Math.abs(r * Math.sin(phi)), Math.abs(z)
                    };
        }
        return out;
    }

    /** α for which Eyring's RT60 = 0.161·V / (−S·ln(1 − α)) equals {@code rt60}; kept in [0.01, 0.99]. */
    public static double eyringAbsorption(double[] size, double rt60) {
        double alpha = 1 - Math.exp(-0.161 * volume(size) / (surface(size) * rt60));
        return Math.min(0.99, Math.max(0.01, alpha));
    }

    /** The RT60 this room's response decays at (see {@link #decayRt60}), seconds. */
    public double rt60() {
        return decayRt60(size, absorption);
    }

    /** Eyring's RT60 of this room, seconds (shorter than the image method's, see above). */
    public double eyringRt60() {
        return 0.161 * volume(size) / (-surface(size) * Math.log(1 - absorption));
    }

    /** Talker-to-microphone distance, m. */
    public double directDistance() {
        double dx = source[0] - mic[0];
        double dy = source[1] - mic[1];
        double dz = source[2] - mic[2];
        return Math.sqrt(dx * dx + dy * dy + dz * dz);
    }

    /** {@code length} samples of the response at {@code rate} Hz; each image at its nearest sample. */
    public float[] response(int rate, int length) {
        double beta = Math.sqrt(1 - absorption);
        double maxDistance = length * SPEED_OF_SOUND / rate;
        double[] h = new double[length];
        int[] reach = new int[3];
        for (int a = 0; a < 3; a++) {
            reach[a] = (int) Math.ceil(maxDistance / (2 * size[a])) + 1;
        }
        double samplesPerMetre = rate / SPEED_OF_SOUND;
        int maxReflections = 2 * (reach[0] + reach[1] + reach[2]) + 6;
        double[] gainAfter = new double[maxReflections + 1];
        gainAfter[0] = 1;
        for (int k = 1; k <= maxReflections; k++) {
            gainAfter[k] = gainAfter[k - 1] * beta;
        }
        for (int nx = -reach[0]; nx <= reach[0]; nx++) {
            for (int qx = 0; qx <= 1; qx++) {
                double dx = (1 - 2 * qx) * source[0] + 2 * nx * size[0] - mic[0];
                int rx = Math.abs(nx - qx) + Math.abs(nx);
                if (Math.abs(dx) > maxDistance) {
                    continue;
                }
                for (int ny = -reach[1]; ny <= reach[1]; ny++) {
                    for (int qy = 0; qy <= 1; qy++) {
                        double dy = (1 - 2 * qy) * source[1] + 2 * ny * size[1] - mic[1];
                        double dxy2 = dx * dx + dy * dy;
                        if (dxy2 > maxDistance * maxDistance) {
                            continue;
                        }
                        int rxy = rx + Math.abs(ny - qy) + Math.abs(ny);
                        for (int nz = -reach[2]; nz <= reach[2]; nz++) {
                            for (int qz = 0; qz <= 1; qz++) {
                                double dz = (1 - 2 * qz) * source[2] + 2 * nz * size[2] - mic[2];
                                double d = Math.sqrt(dxy2 + dz * dz);
                                int t = (int) Math.round(d * samplesPerMetre);
                                if (t >= length) {
                                    continue;
                                }
                                int reflections = rxy + Math.abs(nz - qz) + Math.abs(nz);
                                h[t] += gainAfter[reflections] / (4 * Math.PI * Math.max(d, 0.01));
                            }
                        }
                    }
                }
            }
        }
        float[] out = new float[length];
        for (int i = 0; i < length; i++) {
            out[i] = (float) h[i];
        }
        return out;
    }

    /**
     * The response through a 2nd-order Butterworth high-pass at 80 Hz, as Allen &amp; Berkley
     * high-pass theirs: the images' impulses are all positive, and without it their sum carries a
     * growing DC part that is not sound and that slows the measured decay (here by about 1.3 ×).
     */
    public static float[] highPass(float[] h, int rate) {
        double w = Math.tan(Math.PI * 80 / rate);
        double q = Math.sqrt(0.5);
        double norm = 1 / (1 + w / q + w * w);
        double a1 = 2 * (w * w - 1) * norm;
        double a2 = (1 - w / q + w * w) * norm;
        double x1 = 0;
        double x2 = 0;
        double y1 = 0;
        double y2 = 0;
        float[] out = new float[h.length];
        for (int i = 0; i < h.length; i++) {
            double y = norm * (h[i] - 2 * x1 + x2) - a1 * y1 - a2 * y2;
            x2 = x1;
            x1 = h[i];
            y2 = y1;
            y1 = y;
            out[i] = (float) y;
        }
        return out;
    }

    @Override
    public String toString() {
        return String.format(
                java.util.Locale.ROOT,
                "room %.2f × %.2f × %.2f m, talker %s, mic %s, α %.3f (RT60 %.2f s)",
                size[0],
                size[1],
                size[2],
                java.util.Arrays.toString(source),
                java.util.Arrays.toString(mic),
                absorption,
                rt60());
    }

    static double volume(double[] s) {
        return s[0] * s[1] * s[2];
    }

    static double surface(double[] s) {
        return 2 * (s[0] * s[1] + s[0] * s[2] + s[1] * s[2]);
    }
}
