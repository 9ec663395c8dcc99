package io.asrwb.engine.audio;

/** Test signals and measurements on them (sines, fitted amplitude, zero-crossing frequency). */
final class Signals {

    private Signals() {}

    static float[] sine(double freq, double amplitude, int rate, int n) {
        float[] s = new float[n];
        for (int i = 0; i < n; i++) {
            s[i] = (float) (amplitude * Math.sin(2 * Math.PI * freq * i / rate));
        }
        return s;
    }

    /** Amplitude of the component at {@code freq}, least-squares fitted over [from, to). */
    static double amplitudeAt(float[] s, double freq, int rate, int from, int to) {
        double ss = 0;
        double sc = 0;
        double cc = 0;
        double ys = 0;
        double yc = 0;
        for (int i = from; i < to; i++) {
            double w = 2 * Math.PI * freq * i / rate;
            double sn = Math.sin(w);
            double cs = Math.cos(w);
            ss += sn * sn;
            cc += cs * cs;
            sc += sn * cs;
            ys += s[i] * sn;
            yc += s[i] * cs;
        }
        double det = ss * cc - sc * sc;
        double a = (ys * cc - yc * sc) / det;
        double b = (yc * ss - ys * sc) / det;
        return Math.hypot(a, b);
    }

    /** Frequency from rising zero crossings (linearly interpolated) over [from, to). */
    static double zeroCrossingFrequency(float[] s, int rate, int from, int to) {
        double first = -1;
        double last = -1;
        int count = 0;
        for (int i = Math.max(1, from); i < to; i++) {
            if (s[i - 1] < 0 && s[i] >= 0) {
                double t = i - 1 + s[i - 1] / (double) (s[i - 1] - s[i]);
                if (first < 0) {
                    first = t;
                } else {
                    count++;
                }
                last = t;
            }
        }
        return count * (double) rate / (last - first);
    }

    static double rms(float[] s, int from, int to) {
        double sum = 0;
        for (int i = from; i < to; i++) {
            sum += (double) s[i] * s[i];
        }
        return Math.sqrt(sum / (to - from));
    }

    static double db(double ratio) {
        return 20 * Math.log10(ratio);
    }
}
