package io.asrwb.engine.data.augment;

/** Level changes a recording chain makes: gain, a DC offset, and clipping at a ceiling. */
final class Levels {

    private Levels() {}

    static float[] gain(float[] x, double db) {
        float g = (float) Math.pow(10, db / 20);
        float[] out = new float[x.length];
        for (int i = 0; i < x.length; i++) {
            out[i] = x[i] * g;
        }
        return out;
    }

    static float[] offset(float[] x, double dc) {
        float d = (float) dc;
        float[] out = new float[x.length];
        for (int i = 0; i < x.length; i++) {
            out[i] = x[i] + d;
        }
        return out;
    }

    /** Clipped at ± {@code fractionOfPeak} × the signal's peak, as an overdriven input stage does. */
    static float[] clip(float[] x, double fractionOfPeak) {
        float peak = 0;
        for (float v : x) {
            peak = Math.max(peak, Math.abs(v));
        }
        float ceiling = (float) (fractionOfPeak * peak);
        float[] out = new float[x.length];
        for (int i = 0; i < x.length; i++) {
            out[i] = Math.max(-ceiling, Math.min(ceiling, x[i]));
        }
        return out;
    }
}
