package io.asrwb.engine.data.augment;

import io.asrwb.engine.data.random.StableRandom;

/**
 * Synthetic noise beds for runs without a noise folder; their level is irrelevant (the mixer
 * scales it). Each draw takes every choice from the stream it is given, so a bed repeats exactly.
 */
public enum GeneratedNoise implements NoiseSource {
    /** Flat spectrum, Gaussian samples. */
    WHITE {
        @Override
        public float[] draw(int length, StableRandom random) {
            float[] out = new float[length];
            for (int i = 0; i < length; i++) {
                out[i] = (float) random.nextGaussian();
            }
            return out;
        }
    },
    /**
     * Roughly 1/f spectrum by the Voss–McCartney method: row r of a bank holds a random value that
     * is redrawn every 2^r samples; their sum falls off about 3 dB per octave, like much room and
     * machine noise.
     */
    PINK {
        private static final int ROWS = 16;

        @Override
        public float[] draw(int length, StableRandom random) {
            double[] rows = new double[ROWS];
            double sum = 0;
            for (int r = 0; r < ROWS; r++) {
                rows[r] = random.nextGaussian();
                sum += rows[r];
            }
            float[] out = new float[length];
            for (int i = 0; i < length; i++) {
                int r = Integer.numberOfTrailingZeros(i + 1);
                if (r < ROWS) {
                    sum -= rows[r];
                    rows[r] = random.nextGaussian();
                    sum += rows[r];
                }
                out[i] = (float) ((sum + random.nextGaussian()) / (ROWS + 1));
            }
            return out;
        }
    },
    /** About 6 dB per octave down (integrated white noise, slightly leaky): rumble, traffic, wind. */
    BROWN {
        @Override
        public float[] draw(int length, StableRandom random) {
            float[] out = new float[length];
            double y = 0;
            for (int i = 0; i < length; i++) {
                y = 0.995 * y + random.nextGaussian();
                out[i] = (float) y;
            }
            return out;
        }
    },
    /**
     * Mains hum: a 50 or 60 Hz fundamental and its first eight harmonics at 1/k amplitude with
     * random phases, over a faint white floor (30 dB down).
     */
    HUM {
        @Override
        public float[] draw(int length, StableRandom random) {
            // One exact period of the whole waveform (3 cycles of 60 Hz = 800 samples, 1 of 50 Hz =
            // 320), tabulated once per draw instead of eight sines per sample.
            boolean sixty = random.nextDouble() >= 0.5;
            double f0 = sixty ? 60 : 50;
            int period = sixty ? 800 : 320;
            double[] phase = new double[8];
            for (int k = 0; k < phase.length; k++) {
                phase[k] = 2 * Math.PI * random.nextDouble();
            }
            float[] table = new float[period];
            for (int i = 0; i < period; i++) {
                double v = 0;
                for (int k = 1; k <= phase.length; k++) {
                    v += Math.sin(2 * Math.PI * f0 * k * i / 16_000.0 + phase[k - 1]) / k;
                }
                table[i] = (float) v;
            }
            float[] out = new float[length];
            for (int i = 0; i < length; i++) {
                out[i] = table[i % period] + (float) (0.03 * (2 * random.nextDouble() - 1) * SQRT3);
            }
            return out;
        }
    },
    /**
     * Babble-like: four to eight "talkers", each pink noise (roughly the long-term speech
     * spectrum's slope) switched on and off at a syllable rate of 3–6 Hz with its own phase. It
     * has speech's spectrum and fluctuation, not its words.
     */
    BABBLE {
        @Override
        public float[] draw(int length, StableRandom random) {
            int talkers = 4 + random.nextInt(5);
            float[] out = new float[length];
            for (int k = 0; k < talkers; k++) {
                double rate = random.uniform(3, 6);
                double phase = random.nextDouble();
                float[] voice = fastPink(length, random);
                for (int i = 0; i < length; i++) {
                    double s = Math.sin(Math.PI * (rate * i / 16_000.0 + phase));
                    out[i] += (float) (voice[i] * s * s);
                }
            }
            return out;
        }
    },
    /** One of the beds above per draw, each equally likely. */
    ANY {
        @Override
        public float[] draw(int length, StableRandom random) {
            GeneratedNoise[] beds = {WHITE, PINK, BROWN, HUM, BABBLE};
            return beds[random.nextInt(beds.length)].draw(length, random);
        }
    };

    /** √3: a uniform draw in [−√3, √3] has unit variance. */
    private static final double SQRT3 = Math.sqrt(3);

    /** Voss–McCartney pink noise from uniform draws (no logarithms): the babble talkers' source. */
    static float[] fastPink(int length, StableRandom random) {
        final int rowsCount = 16;
        double[] rows = new double[rowsCount];
        double sum = 0;
        for (int r = 0; r < rowsCount; r++) {
            rows[r] = 2 * random.nextDouble() - 1;
            sum += rows[r];
        }
        float[] out = new float[length];
        for (int i = 0; i < length; i++) {
            int r = Integer.numberOfTrailingZeros(i + 1);
            if (r < rowsCount) {
                sum -= rows[r];
                rows[r] = 2 * random.nextDouble() - 1;
                sum += rows[r];
            }
            out[i] = (float) ((sum + 2 * random.nextDouble() - 1) / (rowsCount + 1));
        }
        return out;
    }
}
