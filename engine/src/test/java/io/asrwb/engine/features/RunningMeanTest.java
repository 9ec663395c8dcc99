package io.asrwb.engine.features;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Random;
import org.junit.jupiter.api.Test;

/** The causal mean: each frame minus the mean of the last frames seen, itself included. */
class RunningMeanTest {

    @Test
    void eachFrameLosesTheMeanOfTheWindowEndingAtIt() {
        Random random = new Random(3);
        int window = 4;
        float[][] raw = new float[11][3];
        for (float[] row : raw) {
            for (int k = 0; k < row.length; k++) {
                row[k] = (float) (random.nextGaussian() * 5 - 20);
            }
        }
        float[][] normalised = new RunningMean(window).applyInPlace(copy(raw));
        for (int t = 0; t < raw.length; t++) {
            int from = Math.max(0, t - window + 1);
            for (int k = 0; k < 3; k++) {
                double mean = 0;
                for (int u = from; u <= t; u++) {
                    mean += raw[u][k];
                }
                mean /= t - from + 1;
                assertThat((double) normalised[t][k])
                        .as("frame %d bin %d", t, k)
                        .isCloseTo(raw[t][k] - mean, within(1e-4));
            }
        }
        assertThat(normalised[0]).containsOnly(0f); // the first frame is its own mean
    }

    @Test
    void aConstantGainIsRemovedOnceTheWindowHoldsOnlyGainedFrames() {
        // log features of a louder recording shift by a constant: the normalised ones do not
        float[][] quiet = new float[20][2];
        float[][] loud = new float[20][2];
        for (int t = 0; t < 20; t++) {
            quiet[t] = new float[] {(float) Math.sin(t), (float) Math.cos(0.3 * t)};
            loud[t] = new float[] {quiet[t][0] + 2.3f, quiet[t][1] + 2.3f};
        }
        new RunningMean(6).applyInPlace(quiet);
        new RunningMean(6).applyInPlace(loud);
        for (int t = 0; t < 20; t++) {
            assertThat(loud[t][0]).isCloseTo(quiet[t][0], within(1e-5f));
            assertThat(loud[t][1]).isCloseTo(quiet[t][1], within(1e-5f));
        }
    }

    @Test
    void framesFedOneByOneGiveWhatTheWholeMatrixGets() {
        Random random = new Random(9);
        float[][] raw = new float[700][5];
        for (float[] row : raw) {
            for (int k = 0; k < row.length; k++) {
                row[k] = random.nextFloat() * 10;
            }
        }
        float[][] whole = new RunningMean(RunningMean.WINDOW_FRAMES).applyInPlace(copy(raw));
        RunningMean carried = new RunningMean(RunningMean.WINDOW_FRAMES);
        for (int t = 0; t < raw.length; t++) {
            float[] frame = raw[t].clone();
            carried.applyInPlace(frame);
            assertThat(frame).as("frame %d", t).containsExactly(whole[t]);
        }
    }

    private static float[][] copy(float[][] a) {
        float[][] out = new float[a.length][];
        for (int i = 0; i < a.length; i++) {
            out[i] = a[i].clone();
        }
        return out;
    }
}
