package io.asrwb.engine.audio.pitch;

/**
 * The pitch estimate of one analysis frame.
 *
 * @param timeSeconds centre of the frame, seconds from the clip's start
 * @param hz fundamental frequency, or {@code Double.NaN} when the frame is unvoiced
 * @param probability the detector's confidence in [0, 1]; 0 when unvoiced
 */
public record PitchFrame(double timeSeconds, double hz, double probability) {

    public boolean voiced() {
        return !Double.isNaN(hz);
    }
}
