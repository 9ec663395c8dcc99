package io.asrwb.engine.features;

/**
 * Causal mean and variance normalisation, Kaldi's online CMVN: each frame minus each bin's mean,
 * divided by its standard deviation, over the frames so far (the last {@code window}, the frame
 * itself included). An utterance's first frames say little about its statistics, so until it has
 * {@code priorFrames} of them the rest is made up from the training set's statistics: the first
 * frame is normalised as a training-set frame would be, and after two seconds only the utterance
 * counts. That start is what {@link RunningMean} lacks (its first frame always becomes zero), and
 * the variance is what lets a voice's dynamic range be normalised as per-utterance CMVN does.
 *
 * <p>The deviation is never taken below a quarter of the training set's: a window of near-silence
 * (a push-to-talk key held before speaking) would otherwise blow its noise up to speech's scale.
 * Not thread-safe: one per utterance.
 */
public final class RunningCmvn implements CausalNormaliser {

    /** Two seconds of 10 ms frames, as Kaldi's {@code global-frames} default. */
    public static final int PRIOR_FRAMES = 200;

    private static final double STD_FLOOR_FRACTION = 0.25;

    private final int window;
    private final int priorFrames;
    private final double[] priorMean;
    private final double[] priorSecondMoment;
    private final double[] stdFloor;
    private final double[] sum;
    private final double[] sumSquares;
    private final float[][] kept; // the raw frames in the window, oldest at position seen % window
    private long seen;

    /**
     * @param mean each bin's mean over the training set
     * @param stddev each bin's standard deviation over the training set, all positive
     */
    public RunningCmvn(int window, int priorFrames, double[] mean, double[] stddev) {
        if (window < 1 || priorFrames < 0) {
            throw new IllegalArgumentException(
                    "window must be at least 1 frame and priorFrames at least 0, got "
                            + window
                            + " and "
                            + priorFrames);
        }
        if (mean.length != stddev.length || mean.length == 0) {
            throw new IllegalArgumentException(
                    "need a mean and a deviation for each bin, got "
                            + mean.length
                            + " means and "
                            + stddev.length
                            + " deviations");
        }
        this.window = window;
        this.priorFrames = priorFrames;
        int bins = mean.length;
        priorMean = mean.clone();
        priorSecondMoment = new double[bins];
        stdFloor = new double[bins];
        for (int k = 0; k < bins; k++) {
            if (!(stddev[k] > 0) || !Double.isFinite(stddev[k]) || !Double.isFinite(mean[k])) {
                throw new IllegalArgumentException(
                        "bin "
                                + k
                                + ": mean "
                                + mean[k]
                                + ", deviation "
                                + stddev[k]
                                + " (the deviation must be positive, both finite)");
            }
            priorSecondMoment[k] = stddev[k] * stddev[k] + mean[k] * mean[k];
            stdFloor[k] = STD_FLOOR_FRACTION * stddev[k];
        }
        sum = new double[bins];
        sumSquares = new double[bins];
        kept = new float[window][];
    }

    @Override
    public void applyInPlace(float[] frame) {
        if (frame.length != sum.length) {
            throw new IllegalArgumentException(
                    "frame of " + frame.length + " bins; the statistics have " + sum.length);
        }
        int slot = (int) (seen % window);
        float[] leaving = kept[slot];
        for (int k = 0; k < frame.length; k++) {
            double x = frame[k];
            sum[k] += x;
            sumSquares[k] += x * x;
            if (leaving != null) {
                sum[k] -= leaving[k];
                sumSquares[k] -= (double) leaving[k] * leaving[k];
            }
        }
        kept[slot] = frame.clone();
        seen++;
        long heard = Math.min(seen, window);
        long madeUp = Math.max(0, priorFrames - heard);
        double count = heard + madeUp;
        for (int k = 0; k < frame.length; k++) {
            double mean = (sum[k] + madeUp * priorMean[k]) / count;
            double secondMoment = (sumSquares[k] + madeUp * priorSecondMoment[k]) / count;
            double std = Math.sqrt(Math.max(0.0, secondMoment - mean * mean));
            frame[k] = (float) ((frame[k] - mean) / Math.max(std, stdFloor[k]));
        }
    }
}
