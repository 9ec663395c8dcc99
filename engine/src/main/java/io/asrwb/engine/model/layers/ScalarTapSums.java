package io.asrwb.engine.model.layers;

import java.util.Arrays;

/**
 * {@link TapSums} as plain loops: every inner loop runs over adjacent elements of both arrays, the
 * form the JIT vectorises (a reduction over frames it would not, so {@link #dot} keeps the frames
 * outside where the taps' starts are adjacent).
 */
final class ScalarTapSums implements TapSums {

    @Override
    public void correlate(
            float[] src, int[] off, float[] w, int wAt, float[] dst, int dstAt, int n) {
        Arrays.fill(dst, dstAt, dstAt + n, 0f);
        for (int t = 0; t < off.length; t++) {
            float wt = w[wAt + t];
            int from = off[t];
            for (int j = 0; j < n; j++) {
                dst[dstAt + j] += wt * src[from + j];
            }
        }
    }

    @Override
    public void dot(float[] src, int[] off, float[] dy, int dyAt, int n, float[] g, int gAt) {
        int k = off.length;
        if (adjacent(off)) {
            int first = off[0];
            for (int j = 0; j < n; j++) {
                float grad = dy[dyAt + j];
                int at = first + j;
                for (int t = 0; t < k; t++) {
                    g[gAt + t] += grad * src[at + t];
                }
            }
            return;
        }
        for (int t = 0; t < k; t++) {
            float sum = 0;
            int from = off[t];
            for (int j = 0; j < n; j++) {
                sum += dy[dyAt + j] * src[from + j];
            }
            g[gAt + t] += sum;
        }
    }

    private static boolean adjacent(int[] off) {
        for (int t = 1; t < off.length; t++) {
            if (off[t] != off[t - 1] + 1) {
                return false;
            }
        }
        return true;
    }
}
