package io.asrwb.engine.features;

import be.tarsos.dsp.util.fft.FloatFFT;
import java.util.Random;
import java.util.function.Function;

/**
 * Hand-run throughput check (not a unit test; surefire ignores it): seconds of 16 kHz audio
 * turned into features per second of wall time, single thread, after JIT warm-up. It also runs
 * the same log-spectrogram on TarsosDSP's FloatFFT (same framing and log, only the FFT differs),
 * the alternative to our own FFT, for comparison.
 *
 * <pre>
 * ./mvnw -B -o -q -pl engine test-compile dependency:build-classpath -Dmdep.outputFile=target/cp.txt
 * java -cp "engine/target/classes:engine/target/test-classes:$(cat engine/target/cp.txt)" \
 *     io.asrwb.engine.features.FeatureThroughputBench [seconds-per-measurement]
 * </pre>
 */
public final class FeatureThroughputBench {

    private static final int SAMPLE_RATE = 16_000;
    private static final int AUDIO_SECONDS = 60;

    private FeatureThroughputBench() {}

    public static void main(String[] args) {
        double measureSeconds = args.length > 0 ? Double.parseDouble(args[0]) : 5.0;
        float[] audio = syntheticAudio(AUDIO_SECONDS * SAMPLE_RATE);
        SpectrogramConfig config = SpectrogramConfig.deepSpeech();
        LogSpectrogram ours = new LogSpectrogram(config);
        TarsosLogSpectrogram tarsos = new TarsosLogSpectrogram(config);

        float[][] a = ours.extract(audio);
        float[][] b = tarsos.extract(audio);
        System.out.printf(
                "max |ours - tarsos| on the log-spectrogram: %.2e%n",
                GoldenMatrix.maxAbsDifference(a, b));

        report("log-spectrogram 161 (own FFT)", ours::extract, audio, measureSeconds);
        report("log-spectrogram 161 (TarsosDSP FloatFFT)", tarsos::extract, audio, measureSeconds);
        report(
                "log-mel 80",
                new LogMelSpectrogram(config, MelConfig.of(80))::extract,
                audio,
                measureSeconds);
        report(
                "mfcc 13 of 40 mels",
                new Mfcc(config, MfccConfig.defaults())::extract,
                audio,
                measureSeconds);
    }

    /**
     * Runs the extractor over the clip repeatedly for {@code measureSeconds} after a 2 s warm-up
     * and prints the mean throughput and the best single run's (the best run is the figure least
     * disturbed by other processes on a shared machine).
     */
    private static void report(
            String name,
            Function<float[], float[][]> extractor,
            float[] audio,
            double measureSeconds) {
        long warmUpEnd = System.nanoTime() + 2_000_000_000L;
        long warmUpFrames = 0; // printed, so the JIT cannot drop the warm-up calls
        while (System.nanoTime() < warmUpEnd) {
            warmUpFrames += extractor.apply(audio).length;
        }
        int runs = 0;
        long frames = 0;
        long best = Long.MAX_VALUE;
        long start = System.nanoTime();
        long now = start;
        while (now - start < measureSeconds * 1e9) {
            long runStart = now;
            frames += extractor.apply(audio).length;
            now = System.nanoTime();
            best = Math.min(best, now - runStart);
            runs++;
        }
        double mean = runs * (double) AUDIO_SECONDS / ((now - start) / 1e9);
        double fastest = AUDIO_SECONDS / (best / 1e9);
        System.out.printf(
                "%-42s mean %6.0f audio-s/s (1 h in %5.2f s), best run %6.0f audio-s/s,"
                        + " %.2f us/frame (%d frames, %d in warm-up)%n",
                name,
                mean,
                3600.0 / mean,
                fastest,
                best / 1e3 / ((double) frames / runs),
                frames,
                warmUpFrames);
    }

    private static float[] syntheticAudio(int samples) {
        Random random = new Random(7);
        float[] audio = new float[samples];
        for (int i = 0; i < samples; i++) {
            double t = (double) i / SAMPLE_RATE;
            audio[i] =
                    (float)
                            (0.3 * Math.sin(2 * Math.PI * 220 * t)
                                    + 0.2 * Math.sin(2 * Math.PI * 2500 * t)
                                    + 0.05 * random.nextGaussian());
        }
        return audio;
    }

    /** The same log-spectrogram on TarsosDSP's FloatFFT, only for the comparison. */
    private static final class TarsosLogSpectrogram {
        private final SpectrogramConfig config;
        private final FloatFFT fft;
        private final double[] window;

        TarsosLogSpectrogram(SpectrogramConfig config) {
            this.config = config;
            this.fft = new FloatFFT(config.nFft());
            this.window = config.window().coefficients(config.nFft(), config.periodicWindow());
        }

        float[][] extract(float[] samples) {
            int n = config.nFft();
            int bins = config.bins();
            float[] padded = Stft.reflectPad(samples, n / 2);
            float[][] out = new float[config.frameCount(samples.length)][bins];
            float[] frame = new float[n];
            for (int f = 0; f < out.length; f++) {
                int start = f * config.hopLength();
                for (int i = 0; i < n; i++) {
                    frame[i] = (float) (padded[start + i] * window[i]);
                }
                fft.realForward(frame); // even n: [Re0, Re(n/2), Re1, Im1, Re2, Im2, ...]
                float[] row = out[f];
                row[0] = (float) FastLog.log(1.0 + Math.abs(frame[0]));
                row[bins - 1] = (float) FastLog.log(1.0 + Math.abs(frame[1]));
                for (int k = 1; k < bins - 1; k++) {
                    double re = frame[2 * k];
                    double im = frame[2 * k + 1];
                    row[k] = (float) FastLog.log(1.0 + Math.sqrt(re * re + im * im));
                }
            }
            return out;
        }
    }
}
