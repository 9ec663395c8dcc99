package io.asrwb.engine.model.layers;

import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;

/**
 * {@link TapSums} on the JDK's Vector API. {@link #correlate}: four vectors of outputs stay in
 * registers while every tap adds its weight times an unaligned load of the row, one store per
 * output at the end (the plain loop loads and stores each output once per tap); the frames past
 * the last whole vector are one more vector ending at the last frame, recomputing a few outputs
 * (it overwrites, so that is harmless). {@link #dot}: four taps share each load of the output
 * gradient, one accumulator each, summed across lanes at the end; the frames past the last whole
 * vector come from one more vector ending at the last frame with its earlier lanes of the
 * gradient zeroed. Rows shorter than a vector go to {@link ScalarTapSums}.
 *
 * <p>Compiled apart (engine/pom.xml) because it needs {@code --add-modules jdk.incubator.vector};
 * loaded only where the JVM has that module ({@link TapSums#best}).
 */
final class VectorTapSums implements TapSums {

    private static final VectorSpecies<Float> S = FloatVector.SPECIES_PREFERRED;
    private static final int L = S.length();

    private final ScalarTapSums shortRows = new ScalarTapSums();

    @Override
    public void correlate(
            float[] src, int[] off, float[] w, int wAt, float[] dst, int dstAt, int n) {
        if (n < L) {
            shortRows.correlate(src, off, w, wAt, dst, dstAt, n);
            return;
        }
        int j = 0;
        for (; j + 4 * L <= n; j += 4 * L) {
            correlateFour(src, off, w, wAt, dst, dstAt + j, j);
        }
        for (; j + L <= n; j += L) {
            correlateOne(src, off, w, wAt, dst, dstAt + j, j);
        }
        if (j < n) {
            correlateOne(src, off, w, wAt, dst, dstAt + n - L, n - L);
        }
    }

    private static void correlateFour(
            float[] src, int[] off, float[] w, int wAt, float[] dst, int at, int j) {
        FloatVector s0 = FloatVector.zero(S);
        FloatVector s1 = s0;
        FloatVector s2 = s0;
        FloatVector s3 = s0;
        for (int t = 0; t < off.length; t++) {
            FloatVector wt = FloatVector.broadcast(S, w[wAt + t]);
            int from = off[t] + j;
            s0 = FloatVector.fromArray(S, src, from).fma(wt, s0);
            s1 = FloatVector.fromArray(S, src, from + L).fma(wt, s1);
            s2 = FloatVector.fromArray(S, src, from + 2 * L).fma(wt, s2);
            s3 = FloatVector.fromArray(S, src, from + 3 * L).fma(wt, s3);
        }
        s0.intoArray(dst, at);
        s1.intoArray(dst, at + L);
        s2.intoArray(dst, at + 2 * L);
        s3.intoArray(dst, at + 3 * L);
    }

    private static void correlateOne(
            float[] src, int[] off, float[] w, int wAt, float[] dst, int at, int j) {
        FloatVector s = FloatVector.zero(S);
        for (int t = 0; t < off.length; t++) {
            FloatVector wt = FloatVector.broadcast(S, w[wAt + t]);
            s = FloatVector.fromArray(S, src, off[t] + j).fma(wt, s);
        }
        s.intoArray(dst, at);
    }

    @Override
    public void dot(float[] src, int[] off, float[] dy, int dyAt, int n, float[] g, int gAt) {
        if (n < L) {
            shortRows.dot(src, off, dy, dyAt, n, g, gAt);
            return;
        }
        int k = off.length;
        int whole = n - n % L;
        int lastAt = n - L;
        // the last vector's lanes already counted by the whole vectors read a zero gradient
        FloatVector last =
                FloatVector.fromArray(S, dy, dyAt + lastAt)
                        .blend(0f, S.indexInRange(0, whole - lastAt));
        int t = 0;
        for (; t + 4 <= k; t += 4) {
            int o0 = off[t];
            int o1 = off[t + 1];
            int o2 = off[t + 2];
            int o3 = off[t + 3];
            FloatVector a0 = FloatVector.fromArray(S, src, o0 + lastAt).mul(last);
            FloatVector a1 = FloatVector.fromArray(S, src, o1 + lastAt).mul(last);
            FloatVector a2 = FloatVector.fromArray(S, src, o2 + lastAt).mul(last);
            FloatVector a3 = FloatVector.fromArray(S, src, o3 + lastAt).mul(last);
            for (int j = 0; j < whole; j += L) {
                FloatVector d = FloatVector.fromArray(S, dy, dyAt + j);
                a0 = FloatVector.fromArray(S, src, o0 + j).fma(d, a0);
                a1 = FloatVector.fromArray(S, src, o1 + j).fma(d, a1);
                a2 = FloatVector.fromArray(S, src, o2 + j).fma(d, a2);
                a3 = FloatVector.fromArray(S, src, o3 + j).fma(d, a3);
            }
            g[gAt + t] += a0.reduceLanes(VectorOperators.ADD);
            g[gAt + t + 1] += a1.reduceLanes(VectorOperators.ADD);
            g[gAt + t + 2] += a2.reduceLanes(VectorOperators.ADD);
            g[gAt + t + 3] += a3.reduceLanes(VectorOperators.ADD);
        }
        for (; t < k; t++) {
            FloatVector a = FloatVector.fromArray(S, src, off[t] + lastAt).mul(last);
            for (int j = 0; j < whole; j += L) {
                FloatVector d = FloatVector.fromArray(S, dy, dyAt + j);
                a = FloatVector.fromArray(S, src, off[t] + j).fma(d, a);
            }
            g[gAt + t] += a.reduceLanes(VectorOperators.ADD);
        }
    }
}
