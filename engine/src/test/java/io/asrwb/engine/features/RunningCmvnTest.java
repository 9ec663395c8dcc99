package io.asrwb.engine.features;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Causal mean and variance normalisation: the window's statistics, made up to {@code priorFrames}
 * with the training set's while the utterance is young.
 */
class RunningCmvnTest {

    private static final double[] MEAN = {-6.0, -3.0, 1.0};
    private static final double[] STD = {2.0, 0.5, 3.0};

    @Test
    void eachFrameIsNormalisedByTheWindowMadeUpWithThePriorUntilItHoldsEnough() {
        int window = 8;
        int prior = 5;
        float[][] raw = randomFrames(30, 3, 4);
        float[][] normalised = new RunningCmvn(window, prior, MEAN, STD).applyInPlace(copy(raw));
        for (int t = 0; t < raw.length; t++) {
            int from = Math.max(0, t - window + 1);
            int heard = t - from + 1;
            int madeUp = Math.max(0, prior - heard);
            for (int k = 0; k < 3; k++) {
                double sum = madeUp * MEAN[k];
                double squares = madeUp * (STD[k] * STD[k] + MEAN[k] * MEAN[k]);
                for (int u = from; u <= t; u++) {
                    sum += raw[u][k];
                    squares += raw[u][k] * (double) raw[u][k];
                }
                double mean = sum / (heard + madeUp);
                double std = Math.sqrt(squares / (heard + madeUp) - mean * mean);
                assertThat((double) normalised[t][k])
                        .as("frame %d bin %d", t, k)
                        .isCloseTo((raw[t][k] - mean) / Math.max(std, 0.25 * STD[k]), within(1e-4));
            }
        }
    }

    @Test
    void aTrainingSetFrameStartsAnUtteranceNearlyAsTheTrainingSetWouldNormaliseIt() {
        // one frame heard, 199 made up: the first frame is not zeroed (RunningMean's start)
        float[] first = {-4.0f, -3.5f, 4.0f};
        new RunningCmvn(600, 200, MEAN, STD).applyInPlace(first);
        assertThat((double) first[0]).isCloseTo(1.0, within(0.02));
        assertThat((double) first[1]).isCloseTo(-1.0, within(0.02));
        assertThat((double) first[2]).isCloseTo(1.0, within(0.02));
    }

    @Test
    void gainAndDynamicRangeAreRemovedOnceThePriorHasFaded() {
        // a louder, more dynamic voice: log features shifted and scaled per bin
        int prior = 6;
        float[][] quiet = randomFrames(40, 3, 8);
        float[][] loud = new float[40][3];
        for (int t = 0; t < 40; t++) {
            for (int k = 0; k < 3; k++) {
                loud[t][k] = quiet[t][k] * 1.7f + 2.3f;
            }
        }
        new RunningCmvn(10, prior, MEAN, STD).applyInPlace(quiet);
        new RunningCmvn(10, prior, MEAN, STD).applyInPlace(loud);
        for (int t = prior; t < 40; t++) {
            for (int k = 0; k < 3; k++) {
                assertThat(loud[t][k])
                        .as("frame %d bin %d", t, k)
                        .isCloseTo(quiet[t][k], within(1e-4f));
            }
        }
        assertThat(loud[0][0]).isNotCloseTo(quiet[0][0], within(0.01f)); // the prior did not move
    }

    @Test
    void aWindowOfSilenceIsNeverDividedByLessThanAQuarterOfTheTrainingSetsDeviation() {
        RunningCmvn cmvn = new RunningCmvn(100, 0, MEAN, STD);
        for (int t = 0; t < 100; t++) {
            cmvn.applyInPlace(new float[] {-9f, -9f, -9f}); // digital silence: no spread at all
        }
        float[] click = {-8f, -8f, -8f};
        cmvn.applyInPlace(click);
        // mean of the window: -9 + 1/100; spread ~0.1, below every floor
        double mean = -9 + 1.0 / 100;
        for (int k = 0; k < 3; k++) {
            assertThat((double) click[k]).isCloseTo((-8 - mean) / (0.25 * STD[k]), within(1e-4));
        }
    }

    @Test
    void framesFedOneByOneGiveWhatTheWholeMatrixGets() {
        float[][] raw = randomFrames(700, 3, 9);
        float[][] whole = new RunningCmvn(600, 200, MEAN, STD).applyInPlace(copy(raw));
        RunningCmvn carried = new RunningCmvn(600, 200, MEAN, STD);
        for (int t = 0; t < raw.length; t++) {
            float[] frame = raw[t].clone();
            carried.applyInPlace(frame);
            assertThat(frame).as("frame %d", t).containsExactly(whole[t]);
        }
    }

    @Test
    void badStatisticsAndFramesOfAnotherSizeAreRefusedWithWhatIsWrong() {
        assertThatThrownBy(() -> new RunningCmvn(600, 200, MEAN, new double[] {1, 0, 1}))
                .hasMessageContaining("bin 1")
                .hasMessageContaining("positive");
        assertThatThrownBy(() -> new RunningCmvn(600, 200, MEAN, new double[] {1, 1}))
                .hasMessageContaining("3 means and 2 deviations");
        RunningCmvn cmvn = new RunningCmvn(600, 200, MEAN, STD);
        assertThatThrownBy(() -> cmvn.applyInPlace(new float[5]))
                .hasMessageContaining("frame of 5 bins; the statistics have 3");
    }

    private static float[][] randomFrames(int frames, int bins, long seed) {
        Random random = new Random(seed);
        float[][] raw = new float[frames][bins];
        for (float[] row : raw) {
            for (int k = 0; k < bins; k++) {
                row[k] = (float) (random.nextGaussian() * STD[k] + MEAN[k]);
            }
        }
        return raw;
    }

    private static float[][] copy(float[][] frames) {
        float[][] out = new float[frames.length][];
        for (int t = 0; t < frames.length; t++) {
            out[t] = frames[t].clone();
        }
        return out;
    }
}
