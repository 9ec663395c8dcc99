package io.asrwb.app.spectrogram;

import io.asrwb.engine.features.MelScale;

/**
 * Maps image rows (counted from the bottom, fractional) to frequencies and back.
 *
 * @param rows       rows of the image (bins or mel bands)
 * @param nyquistHz  half the sample rate: the top of a linear axis
 * @param mel        the mel scale, or null for a linear axis
 * @param fMinHz     lowest mel filter edge (mel axes)
 * @param fMaxHz     highest mel filter edge (mel axes)
 */
public record FrequencyAxis(
        int rows, double nyquistHz, MelScale mel, double fMinHz, double fMaxHz) {

    public static FrequencyAxis linear(int bins, double nyquistHz) {
        return new FrequencyAxis(bins, nyquistHz, null, 0, nyquistHz);
    }

    public static FrequencyAxis mel(int bands, MelScale scale, double fMinHz, double fMaxHz) {
        return new FrequencyAxis(bands, fMaxHz, scale, fMinHz, fMaxHz);
    }

    /** Highest frequency shown. */
    public double topHz() {
        return mel == null ? nyquistHz : fMaxHz;
    }

    /** The centre frequency of {@code row} (0 = lowest bin or band). */
    public double hzOfRow(double row) {
        if (mel == null) {
            return row * nyquistHz / (rows - 1);
        }
        double low = mel.toMel(fMinHz);
        double step = (mel.toMel(fMaxHz) - low) / (rows + 1);
        // band b's triangle peaks at the (b + 1)-th of rows + 2 equally spaced mel points
        return mel.toHz(low + (row + 1) * step);
    }

    /** The (fractional) row whose centre is {@code hz}; the inverse of {@link #hzOfRow}. */
    public double rowOfHz(double hz) {
        if (mel == null) {
            return hz * (rows - 1) / nyquistHz;
        }
        double low = mel.toMel(fMinHz);
        double step = (mel.toMel(fMaxHz) - low) / (rows + 1);
        return (mel.toMel(hz) - low) / step - 1;
    }
}
