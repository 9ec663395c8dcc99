package io.asrwb.engine.features;

/**
 * Per-utterance feature normalisation, applied in place to a fresh {@code float[frames][bins]}.
 */
public enum Normalization {
    /** Leave the features as they are. */
    NONE {
        @Override
        public float[][] applyInPlace(float[][] features) {
            return features;
        }
    },
    /**
     * Cepstral mean and variance normalisation: each bin minus its mean over time, divided by its
     * population standard deviation over time (bins with zero spread are only centred).
     */
    PER_BIN_CMVN {
        @Override
        public float[][] applyInPlace(float[][] features) {
            int frames = features.length;
            if (frames == 0) {
                return features;
            }
            int bins = features[0].length;
            double[] sum = new double[bins];
            double[] sumSquares = new double[bins];
            for (float[] row : features) {
                for (int k = 0; k < bins; k++) {
                    sum[k] += row[k];
                }
            }
            double[] mean = new double[bins];
            for (int k = 0; k < bins; k++) {
                mean[k] = sum[k] / frames;
            }
            for (float[] row : features) {
                for (int k = 0; k < bins; k++) {
                    double d = row[k] - mean[k];
                    sumSquares[k] += d * d;
                }
            }
            double[] inverseStd = new double[bins];
            for (int k = 0; k < bins; k++) {
                double std = Math.sqrt(sumSquares[k] / frames);
                inverseStd[k] = std > 0.0 ? 1.0 / std : 1.0;
            }
            for (float[] row : features) {
                for (int k = 0; k < bins; k++) {
                    row[k] = (float) ((row[k] - mean[k]) * inverseStd[k]);
                }
            }
            return features;
        }
    },
    /**
     * deepspeech.pytorch's {@code normalize=True}: subtract the mean of the whole matrix and divide
     * by its sample standard deviation (n − 1, as {@code torch.Tensor.std}); a constant matrix is
     * only centred (deepspeech.pytorch would produce NaN).
     */
    GLOBAL_MEAN_STD {
        @Override
        public float[][] applyInPlace(float[][] features) {
            long count = 0;
            double sum = 0.0;
            for (float[] row : features) {
                for (float v : row) {
                    sum += v;
                }
                count += row.length;
            }
            if (count == 0) {
                return features;
            }
            double mean = sum / count;
            double sumSquares = 0.0;
            for (float[] row : features) {
                for (float v : row) {
                    double d = v - mean;
                    sumSquares += d * d;
                }
            }
            double std = count > 1 ? Math.sqrt(sumSquares / (count - 1)) : 0.0;
            double inverseStd = std > 0.0 ? 1.0 / std : 1.0;
            for (float[] row : features) {
                for (int k = 0; k < row.length; k++) {
                    row[k] = (float) ((row[k] - mean) * inverseStd);
                }
            }
            return features;
        }
    };

    /**
     * Normalises {@code features} (frames × bins) in place and returns the same array; every row
     * must have the same length.
     */
    public abstract float[][] applyInPlace(float[][] features);
}
