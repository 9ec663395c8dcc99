package io.asrwb.app.spectrogram;

/**
 * Turns a span of a {@link FeatureMatrix} into pixels: frames are max-pooled into at most
 * {@code width} columns (a 10-minute file has 60 000 frames, a screen ~1 000 columns; max keeps
 * short bursts visible), converted to dB, and coloured over an 80 dB range below the loudest
 * cell in view. Pure and allocation-light: runs on a background thread.
 */
public final class SpectrogramRenderer {

    /** Dynamic range shown below the loudest value in view. */
    public static final double RANGE_DB = 80.0;

    private SpectrogramRenderer() {}

    /**
     * @param from  first frame shown
     * @param to    one past the last frame shown
     * @param width most columns wanted (the view's width in pixels)
     */
    public static SpectrogramImage render(FeatureMatrix m, int from, int to, int width) {
        int start = Math.max(0, Math.min(from, m.frameCount()));
        int end = Math.max(start, Math.min(to, m.frameCount()));
        int span = end - start;
        int rows = m.rows();
        if (span == 0 || width <= 0 || rows == 0) {
            return SpectrogramImage.empty(m.axis());
        }
        int columns = Math.min(width, span);
        float[][] pooled = new float[columns][];
        for (int c = 0; c < columns; c++) {
            int first = start + (int) ((long) c * span / columns);
            int last = start + (int) ((long) (c + 1) * span / columns);
            float[] column = m.frames()[first].clone();
            for (int f = first + 1; f < last; f++) {
                float[] frame = m.frames()[f];
                for (int r = 0; r < rows; r++) {
                    if (frame[r] > column[r]) {
                        column[r] = frame[r];
                    }
                }
            }
            pooled[c] = column;
        }
        // dB per pooled cell (max commutes with the monotonic dB conversion)
        double maxDb = Double.NEGATIVE_INFINITY;
        double minDb = Double.POSITIVE_INFINITY;
        double[][] db = new double[columns][rows];
        for (int c = 0; c < columns; c++) {
            for (int r = 0; r < rows; r++) {
                double d = m.decibels(pooled[c][r]);
                db[c][r] = d;
                maxDb = Math.max(maxDb, d);
                minDb = Math.min(minDb, d);
            }
        }
        minDb = Math.max(minDb, maxDb - RANGE_DB);
        if (!(maxDb > minDb)) {
            minDb = maxDb - RANGE_DB; // silence: one flat colour, but a usable legend
        }
        int[] argb = new int[columns * rows];
        for (int c = 0; c < columns; c++) {
            for (int r = 0; r < rows; r++) {
                argb[(rows - 1 - r) * columns + c] =
                        ColourMap.argb(ColourMap.level(db[c][r], minDb, maxDb));
            }
        }
        double hop = m.hopSeconds();
        return new SpectrogramImage(
                argb,
                columns,
                rows,
                minDb,
                maxDb,
                start * hop,
                Math.min(m.seconds(), end * hop),
                m.axis(),
                (double) span / columns);
    }
}
