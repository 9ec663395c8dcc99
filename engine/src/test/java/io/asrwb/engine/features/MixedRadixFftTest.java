package io.asrwb.engine.features;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The FFTs against a direct O(n²) DFT in double, on lengths covering every butterfly. */
class MixedRadixFftTest {

    @ParameterizedTest(name = "n = {0}")
    @ValueSource(
            ints = {1, 2, 3, 4, 5, 6, 7, 8, 12, 15, 16, 20, 49, 60, 77, 97, 160, 320, 400, 512})
    void complexFftMatchesDirectDft(int n) {
        Random random = new Random(n);
        double[] re = random.doubles(n, -1, 1).toArray();
        double[] im = random.doubles(n, -1, 1).toArray();
        double[][] expected = directDft(re, im);

        new MixedRadixFft(n).forward(re, im, new double[n], new double[n]);

        for (int k = 0; k < n; k++) {
            assertThat(re[k]).as("Re X[%d]", k).isCloseTo(expected[0][k], within(1e-9));
            assertThat(im[k]).as("Im X[%d]", k).isCloseTo(expected[1][k], within(1e-9));
        }
    }

    @ParameterizedTest(name = "n = {0}")
    @ValueSource(ints = {2, 3, 9, 10, 160, 256, 320, 321, 400})
    void realFftMatchesDirectDft(int n) {
        Random random = new Random(31L * n);
        double[] input = random.doubles(n, -1, 1).toArray();
        double[] copy = input.clone();
        double[][] expected = directDft(input, new double[n]);
        RealFft fft = new RealFft(n);
        double[] re = new double[fft.bins()];
        double[] im = new double[fft.bins()];

        fft.forward(input, re, im, fft.newWorkspace());

        assertThat(input).as("input untouched").containsExactly(copy);
        for (int k = 0; k < fft.bins(); k++) {
            assertThat(re[k]).as("Re X[%d]", k).isCloseTo(expected[0][k], within(1e-9));
            assertThat(im[k]).as("Im X[%d]", k).isCloseTo(expected[1][k], within(1e-9));
        }
    }

    @ParameterizedTest(name = "n = {0}")
    @ValueSource(ints = {320, 2 * 3 * 5 * 7 * 11, 1024})
    void factorsMultiplyBackToLength(int n) {
        int product = 1;
        for (int r : MixedRadixFft.factor(n)) {
            assertThat(r).isGreaterThan(1);
            product *= r;
        }
        assertThat(product).isEqualTo(n);
    }

    private static double[][] directDft(double[] re, double[] im) {
        int n = re.length;
        double[][] out = new double[2][n];
        for (int k = 0; k < n; k++) {
            for (int t = 0; t < n; t++) {
                double angle = -2.0 * Math.PI * ((long) k * t % n) / n;
                out[0][k] += re[t] * Math.cos(angle) - im[t] * Math.sin(angle);
                out[1][k] += re[t] * Math.sin(angle) + im[t] * Math.cos(angle);
            }
        }
        return out;
    }
}
