package io.asrwb.engine.features;

/**
 * Causal mean normalisation, for models that transcribe while the audio arrives: each frame minus
 * each bin's mean over the frames so far, the last {@link #WINDOW_FRAMES} at most (the frame itself
 * included). Kaldi's online cepstral mean normalisation does the same over a sliding window.
 *
 * <p>Why: without it a streaming model sees the recording's level and microphone colour as they
 * are (log-mel values shift with the gain), and its batch norm's running statistics cannot undo a
 * per-utterance offset; a per-utterance mean needs the utterance's end. Only the mean is removed
 * (the variance over a few frames is too noisy to divide by). The state is carried frame by frame,
 * so the whole-utterance path and the incremental one do the same arithmetic in the same order.
 * Not thread-safe: one per utterance.
 */
public final class RunningMean implements CausalNormaliser {

    /** Six seconds of 10 ms frames, as Kaldi's default window. */
    public static final int WINDOW_FRAMES = 600;

    private final int window;
    private double[] sum;
    private float[][] kept; // the raw frames in the window, oldest at position seen % window
    private long seen;

    public RunningMean(int window) {
        if (window < 1) {
            throw new IllegalArgumentException("window must be at least 1 frame, got " + window);
        }
        this.window = window;
    }

    @Override
    public void applyInPlace(float[] frame) {
        if (sum == null) {
            sum = new double[frame.length];
            kept = new float[window][];
        } else if (frame.length != sum.length) {
            throw new IllegalArgumentException(
                    "frame of " + frame.length + " bins after frames of " + sum.length);
        }
        int slot = (int) (seen % window);
        float[] leaving = kept[slot];
        for (int k = 0; k < frame.length; k++) {
            sum[k] += frame[k];
            if (leaving != null) {
                sum[k] -= leaving[k];
            }
        }
        kept[slot] = frame.clone();
        seen++;
        double count = Math.min(seen, window);
        for (int k = 0; k < frame.length; k++) {
            frame[k] = (float) (frame[k] - sum[k] / count);
        }
    }
}
