package io.asrwb.engine.features;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/** Per-utterance normalisation yields mean 0 and standard deviation 1 where it promises to. */
class NormalizationTest {

    private static float[][] features() {
        return LogSpectrogram.deepSpeech().extract(GoldenMatrix.input());
    }

    @Test
    void perBinCmvnGivesEveryBinMeanZeroStdOne() {
        float[][] normalised = Normalization.PER_BIN_CMVN.applyInPlace(features());

        for (int k = 0; k < normalised[0].length; k++) {
            double sum = 0;
            double sumSquares = 0;
            for (float[] frame : normalised) {
                sum += frame[k];
                sumSquares += frame[k] * (double) frame[k];
            }
            double mean = sum / normalised.length;
            double std = Math.sqrt(sumSquares / normalised.length - mean * mean);
            assertThat(mean).as("mean of bin %d", k).isCloseTo(0.0, within(1e-5));
            assertThat(std).as("std of bin %d", k).isCloseTo(1.0, within(1e-4));
        }
    }

    @Test
    void globalMeanStdGivesTheWholeMatrixMeanZeroSampleStdOne() {
        float[][] normalised = Normalization.GLOBAL_MEAN_STD.applyInPlace(features());

        double sum = 0;
        long count = 0;
        for (float[] frame : normalised) {
            for (float v : frame) {
                sum += v;
                count++;
            }
        }
        double mean = sum / count;
        double sumSquares = 0;
        for (float[] frame : normalised) {
            for (float v : frame) {
                sumSquares += (v - mean) * (v - mean);
            }
        }
        assertThat(mean).isCloseTo(0.0, within(1e-5));
        assertThat(Math.sqrt(sumSquares / (count - 1))).isCloseTo(1.0, within(1e-4));
    }

    @Test
    void constantFeaturesAreCentredNotTurnedIntoNaN() {
        float[][] constant = {{3f, 5f}, {3f, 5f}, {3f, 5f}};

        assertThat(Normalization.PER_BIN_CMVN.applyInPlace(copy(constant)))
                .isDeepEqualTo(new float[][] {{0f, 0f}, {0f, 0f}, {0f, 0f}});
        float[][] global = Normalization.GLOBAL_MEAN_STD.applyInPlace(new float[][] {{2f, 2f}});
        assertThat(global).isDeepEqualTo(new float[][] {{0f, 0f}});
    }

    @Test
    void noneAndEmptyInputLeaveFeaturesAlone() {
        float[][] features = features();
        float[] firstFrame = features[0].clone();

        assertThat(Normalization.NONE.applyInPlace(features)[0]).containsExactly(firstFrame);
        assertThat(Normalization.PER_BIN_CMVN.applyInPlace(new float[0][])).isEmpty();
        assertThat(Normalization.GLOBAL_MEAN_STD.applyInPlace(new float[0][])).isEmpty();
    }

    private static float[][] copy(float[][] m) {
        float[][] c = new float[m.length][];
        for (int i = 0; i < m.length; i++) {
            c[i] = m[i].clone();
        }
        return c;
    }
}
