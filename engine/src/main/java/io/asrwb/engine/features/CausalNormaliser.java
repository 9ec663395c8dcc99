package io.asrwb.engine.features;

/**
 * Feature normalisation that needs only the frames so far, for models that transcribe while the
 * audio arrives; one per utterance, carried frame by frame, so the whole-utterance path and the
 * incremental one do the same arithmetic in the same order. Not thread-safe.
 */
public sealed interface CausalNormaliser permits RunningMean, RunningCmvn {

    /** Normalises the next frame in place. */
    void applyInPlace(float[] frame);

    /** Normalises each row of {@code frames} in order, in place; returns the same array. */
    default float[][] applyInPlace(float[][] frames) {
        for (float[] frame : frames) {
            applyInPlace(frame);
        }
        return frames;
    }
}
