package io.asrwb.engine.data.random;

import java.nio.charset.StandardCharsets;

/**
 * A SplitMix64 generator whose every draw is defined here, so a seed gives the same numbers on
 * every JVM version and platform (the JDK's generators make no such promise for all their methods).
 * Plans and augmentation derive one stream per (run seed, purpose, epoch, utterance id): nothing
 * depends on which thread asks or when, which is what makes resume exact.
 *
 * <p>Not thread-safe: each task derives its own.
 */
public final class StableRandom {

    private static final long GOLDEN_GAMMA = 0x9E3779B97F4A7C15L;

    private long state;

    private StableRandom(long state) {
        this.state = state;
    }

    /** A stream for {@code seed} alone. */
    public static StableRandom of(long seed) {
        return new StableRandom(mix(seed));
    }

    /** An independent stream for (seed, purpose, epoch, key); e.g. ("speed", 3, "utt-17"). */
    public static StableRandom derive(long seed, String purpose, long epoch, String key) {
        long h = mix(seed ^ 0x5DEECE66DL);
        h = mix(h ^ hash(purpose));
        h = mix(h ^ epoch);
        h = mix(h ^ hash(key));
        return new StableRandom(h);
    }

    /** 64-bit FNV-1a over the UTF-8 bytes: cheap and fixed by its definition. */
    private static long hash(String s) {
        long h = 0xcbf29ce484222325L;
        for (byte b : s.getBytes(StandardCharsets.UTF_8)) {
            h ^= b & 0xff;
            h *= 0x100000001b3L;
        }
        return h;
    }

    private static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    public long nextLong() {
        state += GOLDEN_GAMMA;
        return mix(state);
    }

    /** Uniform in [0, 1) with 53 random bits. */
    public double nextDouble() {
        return (nextLong() >>> 11) * 0x1.0p-53;
    }

    /** Uniform in [from, to]; {@code from} when the range is empty. */
    public double uniform(double from, double to) {
        return to <= from ? from : from + (to - from) * nextDouble();
    }

    /** Uniform in [0, bound), by rejection so every value is equally likely. */
    public int nextInt(int bound) {
        if (bound <= 0) {
            throw new IllegalArgumentException("bound must be positive, got " + bound);
        }
        long limit = (1L << 31) - ((1L << 31) % bound);
        while (true) {
            long r = nextLong() >>> 33;
            if (r < limit) {
                return (int) (r % bound);
            }
        }
    }

    /** Uniform in [0, max] inclusive. */
    public int nextIntInclusive(int max) {
        return max <= 0 ? 0 : nextInt(max + 1);
    }

    /** Standard normal by Box–Muller (one of the pair; simpler state than caching the other). */
    public double nextGaussian() {
        double u1 = 1.0 - nextDouble(); // (0, 1]
        double u2 = nextDouble();
        return Math.sqrt(-2.0 * Math.log(u1)) * Math.cos(2.0 * Math.PI * u2);
    }

    /** Fisher–Yates, back to front. */
    public <T> void shuffle(java.util.List<T> list) {
        for (int i = list.size() - 1; i > 0; i--) {
            int j = nextInt(i + 1);
            T tmp = list.get(i);
            list.set(i, list.get(j));
            list.set(j, tmp);
        }
    }
}
