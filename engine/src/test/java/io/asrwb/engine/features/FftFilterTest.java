package io.asrwb.engine.features;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Random;
import org.junit.jupiter.api.Test;

class FftFilterTest {

    @Test
    void convolutionEqualsTheDirectSumFromTheOffset() {
        Random r = new Random(3);
        for (int[] size : new int[][] {{1, 1}, {7, 3}, {300, 41}, {1000, 1}, {513, 512}}) {
            float[] x = new float[size[0]];
            float[] h = new float[size[1]];
            for (int i = 0; i < x.length; i++) {
                x[i] = (float) r.nextGaussian();
            }
            for (int i = 0; i < h.length; i++) {
                h[i] = (float) r.nextGaussian();
            }
            int offset = size[1] / 2;
            float[] y = FftFilter.convolve(x, h, offset, x.length);
            for (int i = 0; i < x.length; i++) {
                double direct = 0;
                int t = i + offset;
                for (int j = 0; j < h.length; j++) {
                    if (t - j >= 0 && t - j < x.length) {
                        direct += (double) x[t - j] * h[j];
                    }
                }
                assertThat((double) y[i])
                        .as("%s at %d", java.util.Arrays.toString(size), i)
                        .isCloseTo(direct, within(1e-4));
            }
        }
    }

    @Test
    void unitGainShapeIsTheIdentityAndZeroGainSilence() {
        Random r = new Random(4);
        float[] x = new float[4001];
        for (int i = 0; i < x.length; i++) {
            x[i] = (float) r.nextGaussian();
        }
        float[] same = FftFilter.shape(x, 16_000, f -> 1);
        for (int i = 0; i < x.length; i++) {
            assertThat((double) same[i]).isCloseTo(x[i], within(1e-5));
        }
        assertThat(FftFilter.shape(x, 16_000, f -> 0)).containsOnly(0f);
    }
}
