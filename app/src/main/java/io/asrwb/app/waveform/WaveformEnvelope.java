package io.asrwb.app.waveform;

/**
 * The lowest and highest sample under each pixel column of a waveform view: enough to draw any
 * zoom level of a long clip as one vertical line per column.
 *
 * @param fromSample first sample shown
 * @param toSample   one past the last sample shown
 */
public record WaveformEnvelope(float[] min, float[] max, long fromSample, long toSample) {

    public int columns() {
        return min.length;
    }

    /**
     * Splits {@code [from, to)} of {@code samples} into {@code columns} equal spans. When zoomed in
     * past one sample per column a column shows the sample it falls on; past the clip's end, 0.
     */
    public static WaveformEnvelope of(float[] samples, long from, long to, int columns) {
        if (columns <= 0 || to <= from) {
            throw new IllegalArgumentException(
                    "need columns > 0 and from < to, got "
                            + columns
                            + " columns for ["
                            + from
                            + ", "
                            + to
                            + ")");
        }
        float[] lo = new float[columns];
        float[] hi = new float[columns];
        double span = (double) (to - from) / columns;
        for (int c = 0; c < columns; c++) {
            long a = from + (long) Math.floor(c * span);
            long b = Math.max(a + 1, from + (long) Math.floor((c + 1) * span));
            float mn = Float.POSITIVE_INFINITY;
            float mx = Float.NEGATIVE_INFINITY;
            for (long i = Math.max(0, a); i < Math.min(b, samples.length); i++) {
                float v = samples[(int) i];
                mn = Math.min(mn, v);
                mx = Math.max(mx, v);
            }
            lo[c] = mn == Float.POSITIVE_INFINITY ? 0 : mn;
            hi[c] = mx == Float.NEGATIVE_INFINITY ? 0 : mx;
        }
        return new WaveformEnvelope(lo, hi, from, to);
    }
}
