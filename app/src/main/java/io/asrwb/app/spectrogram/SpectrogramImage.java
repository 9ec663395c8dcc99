package io.asrwb.app.spectrogram;

/**
 * A rendered view of part of a spectrogram: opaque ARGB pixels, row 0 at the top (highest
 * frequency), one column per pooled group of frames, plus what the axes and legend need.
 *
 * @param argb            {@code width * height} pixels, row-major
 * @param minDb           the quietest level of the colour scale (darkest)
 * @param maxDb           the loudest level in view (brightest)
 * @param startSeconds    time at the left edge
 * @param endSeconds      time at the right edge
 * @param framesPerColumn frames pooled (max) into one column, ≥ 1
 */
public record SpectrogramImage(
        int[] argb,
        int width,
        int height,
        double minDb,
        double maxDb,
        double startSeconds,
        double endSeconds,
        FrequencyAxis axis,
        double framesPerColumn) {

    /** Nothing to show (no file yet, or empty audio). */
    public static SpectrogramImage empty(FrequencyAxis axis) {
        return new SpectrogramImage(new int[0], 0, 0, 0, 0, 0, 0, axis, 1);
    }

    public boolean isEmpty() {
        return width == 0 || height == 0;
    }

    /** The pixel at column {@code x}, row {@code y} (0 = top). */
    public int pixel(int x, int y) {
        return argb[y * width + x];
    }
}
