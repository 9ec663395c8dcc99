package io.asrwb.engine.data.augment;

import io.asrwb.engine.data.batching.StableRandom;

/** Synthetic noise for runs without a noise folder; its level is irrelevant (the mixer scales it). */
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
  }
}
