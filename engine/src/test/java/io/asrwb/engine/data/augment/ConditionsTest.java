package io.asrwb.engine.data.augment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.asrwb.engine.config.AugmentConfig;
import io.asrwb.engine.config.AugmentConfig.NoiseBed;
import io.asrwb.engine.config.ConditionsConfig;
import io.asrwb.engine.data.random.StableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Each recording-condition stage's defining property. */
class ConditionsTest {

    private static final int RATE = 16_000;

    static float[] sine(double hz, int n) {
        float[] s = new float[n];
        for (int i = 0; i < n; i++) {
            s[i] = (float) (0.5 * Math.sin(2 * Math.PI * hz * i / RATE));
        }
        return s;
    }

    /** RMS of the middle half (away from the filters' edge effects). */
    static double middleRms(float[] s) {
        double e = 0;
        int from = s.length / 4;
        int to = 3 * s.length / 4;
        for (int i = from; i < to; i++) {
            e += (double) s[i] * s[i];
        }
        return Math.sqrt(e / (to - from));
    }

    static double db(double ratio) {
        return 20 * Math.log10(ratio);
    }

    @Test
    void roomResponseStartsWithTheDirectPathAtDistanceOverTheSpeedOfSound() {
        RoomImpulse room =
                new RoomImpulse(
                        new double[] {6, 4, 3},
                        new double[] {1.5, 1.2, 1.6},
                        new double[] {4.0, 2.9, 1.1},
                        0.3);
        float[] h = room.response(RATE, 4000);
        double d = room.directDistance();
        int expected = (int) Math.round(d / 343.0 * RATE);
        int first = 0;
        while (h[first] == 0) {
            first++;
        }
        assertThat(first).isEqualTo(expected);
        assertThat((double) h[first]).isCloseTo(1 / (4 * Math.PI * d), within(1e-6));
    }

    @Test
    void roomResponseDecaysAtTheRt60ItWasDrawnFor() {
        // Measured as T20 (Schroeder backward integral, −5…−25 dB, × 3) on the high-passed response
        // from 2.5 ms after the direct sound (a talker near the microphone would otherwise
        // dominate).
        StableRandom r = StableRandom.of(5);
        for (double rt60 : new double[] {0.3, 0.6, 0.8}) {
            for (int k = 0; k < 3; k++) {
                RoomImpulse room = RoomImpulse.draw(r, rt60);
                assertThat(room.rt60()).isCloseTo(rt60, within(1e-3 * rt60));
                float[] h =
                        RoomImpulse.highPass(room.response(RATE, (int) (1.2 * rt60 * RATE)), RATE);
                int afterDirect = (int) Math.round(room.directDistance() / 343.0 * RATE) + 40;
                assertThat(schroederT20Rt60(java.util.Arrays.copyOfRange(h, afterDirect, h.length)))
                        .as("RT60 of %s", room)
                        .isCloseTo(rt60, within(0.15 * rt60));
            }
        }
    }

    /** RT60 from the Schroeder backward integral's −5…−25 dB slope (T20 × 3). */
    static double schroederT20Rt60(float[] h) {
        double[] tail = new double[h.length + 1];
        for (int i = h.length - 1; i >= 0; i--) {
            tail[i] = tail[i + 1] + (double) h[i] * h[i];
        }
        int t5 = -1;
        int t25 = -1;
        for (int i = 0; i < h.length; i++) {
            double level = 10 * Math.log10(tail[i] / tail[0]);
            if (t5 < 0 && level <= -5) {
                t5 = i;
            }
            if (t25 < 0 && level <= -25) {
                t25 = i;
            }
        }
        return 3.0 * (t25 - t5) / RATE;
    }

    @Test
    void reverbKeepsLengthAndEnergy() {
        float[] dry = sine(440, 16_000);
        float[] wet = Reverb.apply(dry, RoomImpulse.draw(StableRandom.of(1), 0.5), RATE);
        assertThat(wet).hasSize(dry.length);
        assertThat(NoiseMixer.energy(wet))
                .isCloseTo(NoiseMixer.energy(dry), within(1e-3 * NoiseMixer.energy(dry)));
        assertThat(wet).isNotEqualTo(dry);
    }

    @Test
    void bandLimitPassesTheBandAndStopsWhatIsOutsideIt() {
        int n = 32_000;
        assertThat(
                        db(
                                middleRms(Channels.bandLimit(sine(1000, n), RATE, 300, 3400))
                                        / middleRms(sine(1000, n))))
                .isCloseTo(0, within(0.1));
        for (double hz : new double[] {60, 150, 3600, 5000, 7000}) {
            double out = middleRms(Channels.bandLimit(sine(hz, n), RATE, 300, 3400));
            assertThat(db(out / middleRms(sine(hz, n)))).as("%s Hz", hz).isLessThan(-40);
        }
    }

    @Test
    void telephoneKeeps300To3400HzAndNothingElse() {
        int n = 32_000;
        assertThat(db(middleRms(Channels.telephone(sine(1000, n))) / middleRms(sine(1000, n))))
                .isCloseTo(0, within(0.5));
        for (double hz : new double[] {100, 3700, 4500, 6000}) {
            assertThat(db(middleRms(Channels.telephone(sine(hz, n))) / middleRms(sine(hz, n))))
                    .as("%s Hz", hz)
                    .isLessThan(-40);
        }
    }

    @Test
    void muLawErrorStaysWithinHalfAnEightBitStepOfTheCompandedScale() {
        int n = 20_001;
        float[] x = new float[n];
        for (int i = 0; i < n; i++) {
            x[i] = -1f + 2f * i / (n - 1);
        }
        float[] y = Channels.muLaw(x);
        double mu = Channels.MU;
        for (int i = 0; i < n; i++) {
            // dx/dy = ln(1+μ)(1+μ|x|)/μ, a half step in y is 1/255; 3 % slack for its growth over
            // the step.
            double bound = Math.log1p(mu) * (1 + mu * Math.abs(x[i])) / mu / 255 * 1.03 + 1e-7;
            assertThat((double) Math.abs(y[i] - x[i]))
                    .as("x = %s", x[i])
                    .isLessThanOrEqualTo(bound);
        }
        assertThat(y).isNotEqualTo(x);
    }

    @Test
    void mp3RoundTripKeepsLengthAndTimingAndIsDeterministic() {
        float[] x = new float[24_000];
        for (int i = 0; i < x.length; i++) {
            x[i] =
                    (float)
                            (0.3
                                    * Math.sin(2 * Math.PI * 440 * i / RATE)
                                    * (i % 4000 < 2000 ? 1 : 0.3));
        }
        float[] y = Codecs.mp3(x, 32);
        assertThat(y).hasSize(x.length).isNotEqualTo(x).isEqualTo(Codecs.mp3(x, 32));
        // Aligned: the best lag is 0, and the codec's error is well under the signal.
        assertThat(bestLag(x, y, 200)).isZero();
        double err = 0;
        for (int i = 2000; i < x.length - 2000; i++) {
            err += (x[i] - y[i]) * (double) (x[i] - y[i]);
        }
        double snr =
                10
                        * Math.log10(
                                NoiseMixer.energy(
                                                java.util.Arrays.copyOfRange(
                                                        x, 2000, x.length - 2000))
                                        / err);
        assertThat(snr).isGreaterThan(10);
        // At 8 kbit/s LAME low-passes hard: a 5 kHz tone is gone.
        assertThat(db(middleRms(Codecs.mp3(sine(5000, 24_000), 8)) / middleRms(sine(5000, 24_000))))
                .isLessThan(-20);
        assertThat(Codecs.mp3Bitrates(16, 32)).containsExactly(16, 24, 32);
    }

    static int bestLag(float[] x, float[] y, int maxLag) {
        int best = 0;
        double bestScore = Double.NEGATIVE_INFINITY;
        for (int lag = -maxLag; lag <= maxLag; lag++) {
            double s = 0;
            for (int i = maxLag; i < x.length - maxLag; i++) {
                s += x[i] * (double) y[i + lag];
            }
            if (s > bestScore) {
                bestScore = s;
                best = lag;
            }
        }
        return best;
    }

    @Test
    void clippingHoldsTheDrawnFractionOfThePeakAndLeavesTheRestAlone() {
        float[] x = sine(300, 8000);
        float[] y = Levels.clip(x, 0.6);
        float ceiling = 0.6f * 0.5f;
        float max = 0;
        for (int i = 0; i < x.length; i++) {
            max = Math.max(max, Math.abs(y[i]));
            if (Math.abs(x[i]) < ceiling * 0.999f) {
                assertThat(y[i]).isEqualTo(x[i]);
            }
        }
        assertThat((double) max).isCloseTo(ceiling, within(1e-6));
    }

    @Test
    void gainAndDcOffsetAreExact() {
        float[] x = sine(300, 8000);
        assertThat(db(middleRms(Levels.gain(x, -9)) / middleRms(x))).isCloseTo(-9, within(1e-4));
        float[] y = Levels.offset(x, 0.03);
        double mean = 0;
        for (int i = 0; i < y.length; i++) {
            mean += y[i] - x[i];
        }
        assertThat(mean / y.length).isCloseTo(0.03, within(1e-6));
    }

    @Test
    void pitchShiftMovesFrequencyAndKeepsDuration() {
        PitchShift p = new PitchShift(new SpeedPerturbation(RATE));
        float[] x = sine(200, 32_000);
        float[] y = p.apply(x, 3);
        assertThat(y).hasSize(x.length);
        double expected = 200 * p.factor(3);
        assertThat(p.factor(3)).isCloseTo(Math.pow(2, 3 / 12.0), within(0.005));
        assertThat(zeroCrossingHz(y)).isCloseTo(expected, within(0.02 * expected));
        float[] down = p.apply(x, -2);
        assertThat(zeroCrossingHz(down)).isCloseTo(200 * p.factor(-2), within(0.02 * 200));
    }

    static double zeroCrossingHz(float[] s) {
        int from = s.length / 4;
        int to = 3 * s.length / 4;
        int crossings = 0;
        for (int i = from + 1; i < to; i++) {
            if ((s[i - 1] < 0) != (s[i] < 0)) {
                crossings++;
            }
        }
        return crossings / 2.0 / ((to - from) / (double) RATE);
    }

    @ParameterizedTest
    @EnumSource(NoiseBed.class)
    void everyNoiseBedIsMixedAtTheDrawnSnr(NoiseBed bed) {
        AugmentConfig cfg =
                new AugmentConfig(false, 0, 0, 0, 0, false, 1, 1, true, "", 1.0, 7.5, 7.5)
                        .withNoiseBed(bed);
        Augmenter a = Augmenter.of(cfg, 9, GeneratedNoise.valueOf(bed.name()));
        float[] clean = sine(250, 24_000);
        for (int u = 0; u < 4; u++) {
            float[] noisy = a.samples(clean, 1, "u" + u).samples();
            double noise = 0;
            for (int i = 0; i < clean.length; i++) {
                double d = noisy[i] - clean[i];
                noise += d * d;
            }
            double snr = 10 * Math.log10(NoiseMixer.energy(clean) / noise);
            assertThat(snr).as("%s utterance %s", bed, u).isCloseTo(7.5, within(0.5));
        }
    }

    static ConditionsConfig allOn() {
        return new ConditionsConfig(
                1, 0.2, 0.8, 1, 2, 1, 50, 400, 3000, 7600, 1, 1, 1, 16, 32, 1, -12, 6, 1, 0.05, 1,
                0.3, 0.9);
    }

    @Test
    void everythingOnIsBitwiseReproducibleWhicheverThreadComputesIt() throws Exception {
        AugmentConfig cfg =
                new AugmentConfig(true, 2, 15, 2, 20, true, 0.9, 1.1, true, "", 1.0, 5, 20)
                        .withNoiseBed(NoiseBed.ANY)
                        .withConditions(allOn());
        Augmenter a = Augmenter.of(cfg, 31, GeneratedNoise.ANY);
        float[] clean = sine(180, 20_000);
        float[][] sequential = new float[6][];
        for (int u = 0; u < sequential.length; u++) {
            sequential[u] = a.samples(clean, 2, "utt-" + u).samples();
        }
        Augmenter again = Augmenter.of(cfg, 31, GeneratedNoise.ANY);
        java.util.concurrent.ExecutorService pool =
                java.util.concurrent.Executors.newFixedThreadPool(3);
        try {
            java.util.List<java.util.concurrent.Future<float[]>> futures =
                    new java.util.ArrayList<>();
            for (int u = sequential.length - 1; u >= 0; u--) {
                String id = "utt-" + u;
                futures.add(0, pool.submit(() -> again.samples(clean, 2, id).samples()));
            }
            for (int u = 0; u < sequential.length; u++) {
                assertThat(futures.get(u).get()).isEqualTo(sequential[u]);
            }
        } finally {
            pool.shutdown();
        }
        assertThat(a.samples(clean, 3, "utt-0").samples()).isNotEqualTo(sequential[0]);
        assertThat(sequential[0]).isNotEqualTo(sequential[1]);
        assertThat(a.isOff()).isFalse();
    }

    @Test
    void aStageSwitchedOnLeavesTheOtherStagesDrawsAlone() {
        // Gain alone on, then gain and DC offset on: removing the offset again gives the gain-only
        // signal.
        ConditionsConfig gainOnly =
                new ConditionsConfig(
                        0, 0.2, 0.8, 0, 2, 0, 50, 400, 3000, 7600, 0, 0, 0, 16, 32, 1, -12, 6, 0,
                        0.05, 0, 0.3, 0.9);
        ConditionsConfig gainAndDc =
                new ConditionsConfig(
                        0, 0.2, 0.8, 0, 2, 0, 50, 400, 3000, 7600, 0, 0, 0, 16, 32, 1, -12, 6, 1,
                        0.05, 0, 0.3, 0.9);
        AugmentConfig base = new AugmentConfig(false, 0, 0, 0, 0, false, 1, 1, false, "", 0, 0, 0);
        float[] clean = sine(300, 4000);
        float[] g =
                Augmenter.of(base.withConditions(gainOnly), 4, (NoiseSource) null)
                        .samples(clean, 0, "x")
                        .samples();
        float[] gd =
                Augmenter.of(base.withConditions(gainAndDc), 4, (NoiseSource) null)
                        .samples(clean, 0, "x")
                        .samples();
        double offset = gd[0] - g[0];
        assertThat(Math.abs(offset)).isGreaterThan(0).isLessThanOrEqualTo(0.05 + 1e-6);
        for (int i = 0; i < g.length; i++) {
            assertThat((double) gd[i] - g[i]).isCloseTo(offset, within(1e-6));
        }
    }
}
