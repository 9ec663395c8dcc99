package io.asrwb.engine.data.augment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.asrwb.engine.audio.PcmAudio;
import io.asrwb.engine.audio.pitch.PitchTracker;
import io.asrwb.engine.features.FftFilter;
import org.junit.jupiter.api.Test;

/** Vocal tract length perturbation on a real voice (csound's "fox.wav"). */
class VocalTractWarpTest {

    private static final int RATE = 16_000;

    /**
     * The long-term power spectrum of {@code x} in 1024-point frames, smoothed over 25 bins (390
     * Hz, several harmonics: what remains is the envelope), in log.
     */
    static double[] smoothedLogSpectrum(float[] x) {
        int n = 1024;
        double[] power = new double[n / 2 + 1];
        for (int start = 0; start + n <= x.length; start += n / 2) {
            double[] re = new double[n];
            double[] im = new double[n];
            for (int i = 0; i < n; i++) {
                re[i] = x[start + i] * (0.5 - 0.5 * Math.cos(2 * Math.PI * i / n));
            }
            FftFilter.dft(re, im);
            for (int k = 0; k <= n / 2; k++) {
                power[k] += re[k] * re[k] + im[k] * im[k];
            }
        }
        double[] out = new double[power.length];
        for (int k = 0; k < power.length; k++) {
            double sum = 0;
            int count = 0;
            for (int j = Math.max(0, k - 12); j <= Math.min(power.length - 1, k + 12); j++) {
                sum += power[j];
                count++;
            }
            out[k] = Math.log(sum / count + 1e-12);
        }
        return out;
    }

    /**
     * The factor s for which the original's envelope at f / s best matches (Pearson correlation,
     * 300–4000 Hz, the formant region) the warped one's at f; searched over 0.8–1.25 in 0.005 steps.
     */
    static double estimatedWarp(float[] original, float[] warped) {
        double[] p = smoothedLogSpectrum(original);
        double[] q = smoothedLogSpectrum(warped);
        double hzPerBin = RATE / 1024.0;
        int from = (int) Math.ceil(300 / hzPerBin);
        int to = (int) Math.floor(4000 / hzPerBin);
        double best = 1;
        double bestCorrelation = Double.NEGATIVE_INFINITY;
        for (int step = 0; step <= 90; step++) {
            double s = 0.8 + 0.005 * step;
            double[] a = new double[to - from + 1];
            double[] b = new double[a.length];
            for (int k = from; k <= to; k++) {
                double bin = k / s;
                int j = (int) bin;
                double f = bin - j;
                a[k - from] = p[j] * (1 - f) + p[j + 1] * f;
                b[k - from] = q[k];
            }
            double c = correlation(a, b);
            if (c > bestCorrelation) {
                bestCorrelation = c;
                best = s;
            }
        }
        return best;
    }

    private static double correlation(double[] a, double[] b) {
        double ma = java.util.Arrays.stream(a).average().orElseThrow();
        double mb = java.util.Arrays.stream(b).average().orElseThrow();
        double ab = 0;
        double aa = 0;
        double bb = 0;
        for (int i = 0; i < a.length; i++) {
            ab += (a[i] - ma) * (b[i] - mb);
            aa += (a[i] - ma) * (a[i] - ma);
            bb += (b[i] - mb) * (b[i] - mb);
        }
        return ab / Math.sqrt(aa * bb);
    }

    static double medianPitch(float[] x) {
        return new PitchTracker().track(new PcmAudio(x, RATE)).medianHz().orElseThrow();
    }

    /**
     * The spectral envelope moves by the drawn factor and the pitch stays. Not the spectral centroid:
     * the harmonics (which must not move) and this recording's rumble below 150 Hz (a quarter of
     * its power) hold it back, so a 10 % warp moves it only 1–5 %; the envelope's scale is what VTLP
     * changes.
     */
    @Test
    void formantsMoveByTheWarpAndThePitchStays() throws Exception {
        float[] voice = DebianSounds.voice();
        double pitch = medianPitch(voice);
        for (double alpha : new double[] {0.9, 1.1}) {
            float[] warped = VocalTractWarp.apply(voice, alpha);
            assertThat(warped).hasSize(voice.length);
            assertThat(NoiseMixer.energy(warped))
                    .isCloseTo(NoiseMixer.energy(voice), within(1e-3 * NoiseMixer.energy(voice)));
            assertThat(estimatedWarp(voice, warped))
                    .as("envelope scale at α %.2f", alpha)
                    .isCloseTo(alpha, within(0.015));
            assertThat(medianPitch(warped) / pitch)
                    .as("pitch ratio at α %.2f", alpha)
                    .isCloseTo(1.0, within(0.02));
        }
        assertThat(estimatedWarp(voice, voice)).isEqualTo(1.0);
    }

    @Test
    void theWarpMapsTheBandOntoItself() {
        for (double alpha : new double[] {0.8, 0.9, 1.0, 1.1, 1.25}) {
            assertThat(VocalTractWarp.source(0, alpha)).isZero();
            assertThat(VocalTractWarp.source(1, alpha)).isCloseTo(1, within(1e-12));
            assertThat(VocalTractWarp.source(0.3 * alpha, alpha)).isCloseTo(0.3, within(1e-12));
        }
        float[] voice = new float[4000];
        voice[100] = 1;
        assertThat(VocalTractWarp.apply(voice, 1)).isEqualTo(voice);
    }
}
