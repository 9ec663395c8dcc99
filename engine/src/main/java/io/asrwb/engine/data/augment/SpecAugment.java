package io.asrwb.engine.data.augment;

import io.asrwb.engine.data.random.StableRandom;

/**
 * SpecAugment's masks (Park et al. 2019, without time warping): stripes of frames and of feature
 * bins set to zero, which after per-utterance normalisation is the mean.
 *
 * @param timeMasks     time masks per utterance
 * @param timeMaskWidth widest time mask, frames (each width uniform in 0..max, capped at the length)
 * @param freqMasks     frequency masks per utterance
 * @param freqMaskWidth widest frequency mask, bins
 */
public record SpecAugment(int timeMasks, int timeMaskWidth, int freqMasks, int freqMaskWidth) {

    public SpecAugment {
        if (timeMasks < 0 || timeMaskWidth < 0 || freqMasks < 0 || freqMaskWidth < 0) {
            throw new IllegalArgumentException(
                    "SpecAugment counts and widths must be ≥ 0: " + this);
        }
    }

    /** Masks {@code frames} ({@code [T][F]}) in place. */
    public void apply(float[][] frames, StableRandom random) {
        int t = frames.length;
        if (t == 0) {
            return;
        }
        int bins = frames[0].length;
        for (int m = 0; m < freqMasks; m++) {
            int width = random.nextIntInclusive(Math.min(freqMaskWidth, bins));
            int start = random.nextIntInclusive(bins - width);
            for (float[] row : frames) {
                java.util.Arrays.fill(row, start, start + width, 0f);
            }
        }
        for (int m = 0; m < timeMasks; m++) {
            int width = random.nextIntInclusive(Math.min(timeMaskWidth, t));
            int start = random.nextIntInclusive(t - width);
            for (int i = start; i < start + width; i++) {
                java.util.Arrays.fill(frames[i], 0f);
            }
        }
    }
}
